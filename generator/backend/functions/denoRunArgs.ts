import path from 'node:path';
import type { EdgeFunction } from './functionsConfig.ts';

export interface DenoRunPlaces {
  /** The module run before the function (denoParentWatch.ts). */
  preload: string;
  /** The process's own temporary folder (its TMPDIR): the one place it may write. */
  tmpDir: string;
}

/**
 * Pure: the arguments of `deno run` for a function, with the permissions of
 * the edge runtime and no more. The network and its variables (the backend
 * gives it only its own: SUPABASE_*, functions/.env, what Deno needs);
 * reading only its own folder (the entrypoint's), its deno.json or import
 * map, and its temporary folder, never the project's other files or a data
 * dir's secret (Deno loads modules, node_modules and its cache without
 * this permission); writing only its temporary folder. The V8 heap is
 * capped at the function's memory limit (`--max-old-space-size`): past it
 * V8 stops the process with "Reached heap limit".
 */
export function denoRunArgs(fn: EdgeFunction, places: DenoRunPlaces): string[] {
  const readable = [path.dirname(fn.entrypoint), ...(fn.config ? [fn.config.path] : []), places.tmpDir];
  const config = fn.config ? [fn.config.kind === 'config' ? '--config' : '--import-map', fn.config.path] : [];
  return [
    'run',
    '--no-prompt',
    '--no-lock',
    '--allow-net',
    '--allow-env',
    `--allow-read=${readable.join(',')}`,
    `--allow-write=${places.tmpDir}`,
    `--v8-flags=--max-old-space-size=${fn.memoryLimitMb}`,
    `--preload=${places.preload}`,
    ...config,
    fn.entrypoint,
  ];
}
