import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { denoRunArgs } from './denoRunArgs.ts';
import type { EdgeFunction } from './functionsConfig.ts';
import { residentMemory } from './residentMemory.ts';
import { processRunning } from '../../core/processRunning.ts';

/** One running function: a Deno process serving it on 127.0.0.1:<port>. */
export interface DenoFunctionProcess {
  url: string;
  /** Settles when the process has exited, with its exit code (null after a signal). */
  exited: Promise<number | null>;
  alive(): boolean;
  /** What stopped it when it went past its memory limit (V8's heap limit, or the resident memory watch), else null. */
  limitReached(): string | null;
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
const PASSED_THROUGH = ['PATH', 'HOME', 'DENO_DIR', 'NPM_CONFIG_REGISTRY', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'];

/** Run by Deno before the function: it exits when this process is no longer its parent. */
const PARENT_WATCH = fileURLToPath(new URL('./denoParentWatch.ts', import.meta.url));

/** How often the resident memory of a running function is read. */
const MEMORY_POLL_MS = 100;

/** What V8 prints when a heap reaches --max-old-space-size ("Reached heap limit", or CALL_AND_RETRY_LAST when an allocation fails after its last-resort collections). */
const HEAP_LIMIT_MESSAGE = /Reached heap limit|JavaScript heap out of memory|Fatal JavaScript out of memory/;

/**
 * util-linux's setpriv, where there is one: run through it, a function gets
 * SIGKILL from the kernel the moment the backend dies (PR_SET_PDEATHSIG),
 * even while its code spins and denoParentWatch.ts cannot run.
 */
const SETPRIV = process.platform === 'linux' ? (['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p)) ?? null) : null;

/** The start of every function's temporary folder's name; the backend's pid follows. */
const TMP_PREFIX = 'site-function-';

/** Running children and their temporary folders. */
const live = new Map<ChildProcess, string>();
let exitHookInstalled = false;

/**
 * Sends `signal` to the child's process group (it leads its own: spawned
 * detached), so nothing it started outlives it; to the child alone where
 * there are no groups.
 */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, signal);
    else child.kill(signal);
  } catch {
    child.kill(signal);
  }
}

/** Kills what is still running, and removes its temporary folder, when this process exits without stopping the backend. */
function trackUntilExit(child: ChildProcess, tmpDir: string): void {
  live.set(child, tmpDir);
  child.once('exit', () => live.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const [running, folder] of live) {
      signalGroup(running, 'SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  });
}

/**
 * Starts `deno run` on the function's entrypoint (arguments and permissions:
 * denoRunArgs.ts), listening on a free port of 127.0.0.1
 * (DENO_SERVE_ADDRESS, which Deno.serve obeys whatever port the code names),
 * and resolves once that port accepts connections. Its output goes to `log`.
 *
 * It ends with the backend however the backend ends: it leads its own
 * process group, which stop() and this process's exit kill; the kernel
 * kills it when this process dies (setpriv --pdeathsig, on Linux), and
 * denoParentWatch.ts ends it when this process is gone where that is
 * missing. A temporary folder a killed backend left behind is removed by
 * the next function started on this machine.
 * Its memory is held to `fn.memoryLimitMb`: V8's heap by
 * --max-old-space-size, the rest (ArrayBuffers, Deno's own) by reading its
 * resident memory every 100 ms, killed once that grew by more than the
 * limit since it began to listen. limitReached() then says which.
 */
export async function startDenoFunction(fn: EdgeFunction, options: StartDenoOptions): Promise<DenoFunctionProcess> {
  const port = await freePort();
  removeOrphanedFolders();
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), `${TMP_PREFIX}${process.pid}-`));
  const env: Record<string, string> = { NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' };
  for (const name of PASSED_THROUGH) if (process.env[name] !== undefined) env[name] = process.env[name]!;
  Object.assign(env, options.env, { DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`, TMPDIR: tmpDir, SITE_FUNCTION_PARENT_PID: String(process.pid) });
  const args = denoRunArgs(fn, { preload: PARENT_WATCH, tmpDir });
  const [command, argv] = SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', '--', options.deno, ...args]] : [options.deno, args];
  const child = spawn(command, argv, { cwd: path.dirname(fn.entrypoint), env, stdio: ['ignore', 'pipe', 'pipe'], detached: true, windowsHide: true });
  trackUntilExit(child, tmpDir);

  let tail = '';
  let limit: string | null = null;
  const onOutput = (chunk: Buffer) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-2000);
    if (!limit && HEAP_LIMIT_MESSAGE.test(tail)) limit = `its V8 heap reached the limit of ${fn.memoryLimitMb} MB`;
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
    // 'close', not 'exit': its last output (V8's "Reached heap limit") has been read by then.
    child.once('close', (code) => {
      exitCode = code;
      resolve(code);
    });
  });
  void exited.then(() => rmSync(tmpDir, { recursive: true, force: true }));
  const handle: DenoFunctionProcess = {
    url: `http://127.0.0.1:${port}`,
    exited,
    alive: () => exitCode === undefined,
    limitReached: () => limit,
    async stop() {
      if (exitCode !== undefined) return;
      signalGroup(child, 'SIGTERM');
      const stuck = setTimeout(() => signalGroup(child, 'SIGKILL'), 3_000);
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
  watchMemory(child, fn, exited, (reason) => {
    limit ??= reason;
    options.log(`functions/${fn.name}: stopped: ${reason}`);
    signalGroup(child, 'SIGKILL');
  });
  return handle;
}

/** Calls `over` once when the child's resident memory grew by more than its limit since now; stops with the child. */
function watchMemory(child: ChildProcess, fn: EdgeFunction, exited: Promise<unknown>, over: (reason: string) => void): void {
  const baseline = child.pid ? residentMemory(child.pid) : null;
  if (baseline === null) return;
  const allowed = fn.memoryLimitMb * 1024 * 1024;
  const timer = setInterval(() => {
    const now = residentMemory(child.pid!);
    if (now === null || now - baseline <= allowed) return;
    clearInterval(timer);
    over(`its memory grew by ${mb(now - baseline)} MB (resident ${mb(now)} MB), past the limit of ${fn.memoryLimitMb} MB`);
  }, MEMORY_POLL_MS);
  timer.unref();
  void exited.then(() => clearInterval(timer));
}

let swept = false;

/** Once a process: removes the temporary folders of functions whose backend is gone (killed before it could). */
function removeOrphanedFolders(): void {
  if (swept) return;
  swept = true;
  let names: string[] = [];
  try {
    names = readdirSync(os.tmpdir()).filter((n) => n.startsWith(TMP_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^site-function-(\d+)-/.exec(name)?.[1]);
    if (pid > 0 && pid !== process.pid && !processRunning(pid)) rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  }
}

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));

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
