import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { EdgeFunction } from './functionsConfig.ts';

/** One running function: a Deno process serving it on 127.0.0.1:<port>. */
export interface DenoFunctionProcess {
  url: string;
  /** Settles when the process has exited, with its exit code (null after a signal). */
  exited: Promise<number | null>;
  alive(): boolean;
  /** SIGTERM, then SIGKILL after 3 s; resolves once it has exited. */
  stop(): Promise<void>;
}

export interface StartDenoOptions {
  deno: string;
  /** The function's own variables (SUPABASE_URL, keys, functions/.env). */
  env: Record<string, string>;
  log: (line: string) => void;
  /** How long the process may take to listen (first runs may download npm: or jsr: modules). */
  bootTimeoutMs: number;
}

/** The process did not come to listen: it exited, or took longer than bootTimeoutMs. */
export class FunctionBootError extends Error {}

/** What Deno itself needs from this process's environment: where it caches modules and how it reaches registries. */
const PASSED_THROUGH = ['PATH', 'HOME', 'TMPDIR', 'DENO_DIR', 'NPM_CONFIG_REGISTRY', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'];

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kills what is still running when this process exits without stopping the backend. */
function trackUntilExit(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const running of live) running.kill('SIGKILL');
  });
}

/**
 * Starts `deno run` on the function's entrypoint, listening on a free port
 * of 127.0.0.1 (DENO_SERVE_ADDRESS, which Deno.serve obeys whatever port the
 * code names), and resolves once that port accepts connections. The process
 * may use the network, read files, read its variables and write to the
 * temporary folder, as in the edge runtime; its output goes to `log`.
 */
export async function startDenoFunction(fn: EdgeFunction, options: StartDenoOptions): Promise<DenoFunctionProcess> {
  const port = await freePort();
  const env: Record<string, string> = { NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' };
  for (const name of PASSED_THROUGH) if (process.env[name] !== undefined) env[name] = process.env[name]!;
  Object.assign(env, options.env, { DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}` });
  const config = fn.config ? [fn.config.kind === 'config' ? '--config' : '--import-map', fn.config.path] : [];
  const args = ['run', '--no-prompt', '--no-lock', '--allow-net', '--allow-env', '--allow-read', `--allow-write=${os.tmpdir()}`, ...config, fn.entrypoint];
  const child = spawn(options.deno, args, { cwd: path.dirname(fn.entrypoint), env, stdio: ['ignore', 'pipe', 'pipe'] });
  trackUntilExit(child);

  let tail = '';
  const onOutput = (chunk: Buffer) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-2000);
    for (const line of text.split('\n')) if (line.trim()) options.log(`functions/${fn.name}: ${line}`);
  };
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) => {
    child.once('error', (error) => {
      onOutput(Buffer.from(`${error.message}\n`));
      exitCode = null;
      resolve(null);
    });
    child.once('exit', (code) => {
      exitCode = code;
      resolve(code);
    });
  });
  const handle: DenoFunctionProcess = {
    url: `http://127.0.0.1:${port}`,
    exited,
    alive: () => exitCode === undefined,
    async stop() {
      if (exitCode !== undefined) return;
      child.kill('SIGTERM');
      const stuck = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(stuck);
    },
  };

  const deadline = Date.now() + options.bootTimeoutMs;
  while (!(await accepts(port))) {
    if (exitCode !== undefined) throw new FunctionBootError(`${fn.name} exited (${exitCode}) before it listened:\n${tail.trim()}`);
    if (Date.now() > deadline) {
      await handle.stop();
      throw new FunctionBootError(`${fn.name} did not listen within ${options.bootTimeoutMs} ms:\n${tail.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return handle;
}

/** A port of 127.0.0.1 that nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
