import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { EdgeFunction } from './functionsConfig.ts';

/**
 * When the function's files last changed: the newest modification time in
 * its folder (node_modules and dot folders left out, at most 1,000 entries)
 * and of its config. A running process older than this is started again,
 * as `supabase functions serve` reloads a function on edit.
 */
export function sourceStamp(fn: EdgeFunction): number {
  let newest = mtime(fn.entrypoint);
  if (fn.config) newest = Math.max(newest, mtime(fn.config.path));
  const folders = [path.dirname(fn.entrypoint)];
  let seen = 0;
  while (folders.length && seen < 1_000) {
    const folder = folders.pop()!;
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      seen += 1;
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) folders.push(full);
      else newest = Math.max(newest, mtime(full));
    }
  }
  return newest;
}

function mtime(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
