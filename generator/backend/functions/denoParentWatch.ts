// Preloaded into every function's Deno process (`deno run --preload`, see
// denoRunArgs.ts), before the function's own module, which stays the main
// module. It ends the process as soon as the backend that started it is no
// longer its parent, whatever ended the backend (kill -9 included, which
// runs none of the backend's own clean-up): the kernel then hands the
// process to another parent. It removes its temporary folder first, which
// the backend could not. The timer does not keep the process alive, so a
// function that never serves still exits at once. Typed for Node's
// compiler too: Deno ignores the declaration below.
declare const Deno: {
  ppid: number;
  env: { get(name: string): string | undefined; delete(name: string): void };
  removeSync(path: string, options: { recursive: boolean }): void;
  exit(code: number): never;
  unrefTimer(id: number): void;
};

/** Where startDenoFunction.ts puts the backend's pid: gone from the function's variables once read. */
const PARENT_VARIABLE = 'SITE_FUNCTION_PARENT_PID';

const parent = Number(Deno.env.get(PARENT_VARIABLE));
Deno.env.delete(PARENT_VARIABLE);
const tmpDir = Deno.env.get('TMPDIR');
if (parent > 0) {
  const check = () => {
    if (Deno.ppid === parent) return;
    try {
      if (tmpDir) Deno.removeSync(tmpDir, { recursive: true });
    } finally {
      Deno.exit(0);
    }
  };
  check();
  Deno.unrefTimer(setInterval(check, 200) as unknown as number);
}

export {};
