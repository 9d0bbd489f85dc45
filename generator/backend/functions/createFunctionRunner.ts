import { denoBinary } from './denoBinary.ts';
import { functionErrors } from './functionErrors.ts';
import type { EdgeFunction } from './functionsConfig.ts';
import { sourceStamp } from './sourceStamp.ts';
import { startDenoFunction, type DenoFunctionProcess } from './startDenoFunction.ts';

export interface FunctionRunnerOptions {
  /** The variables each function gets (read when a process starts: the API URL is known once the backend listens). */
  env: () => Record<string, string>;
  log: (line: string) => void;
  /** The Deno executable. Default: the one of the `deno` npm package. */
  deno?: string | null;
  /** Default 60 s: a first run may download the function's npm: or jsr: modules. */
  bootTimeoutMs?: number;
  /** How long a function may take to start answering. Default 150 s, the hosted gateway's idle timeout. */
  requestTimeoutMs?: number;
}

export interface FunctionRunner {
  /** The function's answer to this request (its path after the name: `subPath`), or the edge runtime's error. */
  fetch(fn: EdgeFunction, request: Request, subPath: string): Promise<Response>;
  /** Stops every function process; later requests get WORKER_ERROR. */
  stop(): Promise<void>;
}

interface Running {
  process: DenoFunctionProcess;
  key: string;
  stamp: number;
}

/** How long a dropped connection waits for the process to exit, to tell a memory limit from a crash. */
const EXIT_GRACE_MS = 2_000;

/** Hop-by-hop headers, and Accept-Encoding (the answer passes through undecoded) and lengths fetch sets itself. */
const REQUEST_DROPPED = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'content-length', 'accept-encoding', 'proxy-connection', 'te', 'trailer'];
const RESPONSE_DROPPED = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'content-length', 'content-encoding', 'trailer'];

/**
 * Serves edge functions the way the Supabase CLI does, with real Deno: one
 * long-lived process per function, started on its first request (about
 * 0.1-0.2 s) and again when it exited or its files changed. Requests are
 * passed on (method, headers, body, `/<name><subPath>?query`) and the answer
 * streamed back. A function that does not start answers 503 BOOT_ERROR, one
 * that exits or drops the connection 500 WORKER_ERROR, one that does not
 * answer in time or is stopped at its memory limit 546 WORKER_LIMIT (the
 * next request starts a fresh process): never a hung request.
 */
export function createFunctionRunner(options: FunctionRunnerOptions): FunctionRunner {
  const running = new Map<string, Running>();
  const starting = new Map<string, Promise<Running>>();
  const bootTimeoutMs = options.bootTimeoutMs ?? 60_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 150_000;
  let stopped = false;
  /** Every process started and not yet known to have exited, those being replaced included: stop() waits for them all. */
  const live = new Set<DenoFunctionProcess>();

  async function processFor(fn: EdgeFunction): Promise<DenoFunctionProcess> {
    const key = JSON.stringify([fn.entrypoint, fn.config, fn.memoryLimitMb]);
    const stamp = sourceStamp(fn);
    const current = running.get(fn.name);
    if (current && current.process.alive() && current.key === key && current.stamp >= stamp) return current.process;
    let pending = starting.get(fn.name);
    if (!pending) {
      if (current) {
        running.delete(fn.name);
        void current.process.stop();
      }
      const deno = options.deno === undefined ? denoBinary() : options.deno;
      if (!deno) throw new Error('no Deno executable: install the deno npm package (npm install --save-dev deno)');
      pending = startDenoFunction(fn, { deno, env: options.env(), log: options.log, bootTimeoutMs }).then(
        async (process) => {
          starting.delete(fn.name);
          live.add(process);
          void process.exited.then(() => live.delete(process));
          if (stopped) {
            await process.stop();
            throw new Error('the backend stopped');
          }
          const started = { process, key, stamp };
          running.set(fn.name, started);
          return started;
        },
        (error: unknown) => {
          starting.delete(fn.name);
          throw error;
        },
      );
      starting.set(fn.name, pending);
    }
    return (await pending).process;
  }

  return {
    async fetch(fn, request, subPath) {
      if (stopped) return functionErrors.workerError();
      let process: DenoFunctionProcess;
      try {
        process = await processFor(fn);
      } catch (error) {
        options.log(`functions/${fn.name}: failed to boot: ${(error as Error).message}`);
        return functionErrors.bootError();
      }
      const headers = new Headers(request.headers);
      for (const name of REQUEST_DROPPED) headers.delete(name);
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), requestTimeoutMs);
      try {
        const upstream = await fetch(`${process.url}/${fn.name}${subPath}${new URL(request.url).search}`, {
          method: request.method,
          headers,
          body: hasBody ? await request.arrayBuffer() : undefined,
          redirect: 'manual',
          signal: controller.signal,
        });
        const out = new Headers(upstream.headers);
        for (const name of RESPONSE_DROPPED) out.delete(name);
        return new Response(upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: out });
      } catch (error) {
        if (controller.signal.aborted) {
          options.log(`functions/${fn.name}: no answer within ${requestTimeoutMs} ms; restarting it`);
          void process.stop();
          return functionErrors.workerLimit();
        }
        options.log(`functions/${fn.name}: ${(error as Error).message}${(error as { cause?: Error }).cause ? `: ${(error as { cause: Error }).cause.message}` : ''}`);
        // The connection drops as the process dies; what killed it (its last output, the memory watch) may follow.
        await Promise.race([process.exited, new Promise((resolve) => setTimeout(resolve, EXIT_GRACE_MS))]);
        const limit = process.limitReached();
        if (limit) {
          options.log(`functions/${fn.name}: ${limit}; the next request starts it again`);
          return functionErrors.workerLimit();
        }
        return functionErrors.workerError();
      } finally {
        clearTimeout(timer);
      }
    },
    async stop() {
      stopped = true;
      await Promise.allSettled([...starting.values()]);
      await Promise.all([...running.values()].map((r) => r.process.stop()));
      await Promise.all([...live].map((p) => p.stop()));
      running.clear();
    },
  };
}
