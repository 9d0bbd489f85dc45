/**
 * Whether a resolved path (a realpath) lies inside one of `dirs` (resolved too), or is one of them.
 * By whole path segments: /site-other is not inside /site. Pure.
 */
import path from 'node:path';

export function resolvesInside(target: string, dirs: readonly string[]): boolean {
  return dirs.some((dir) => target === dir || target.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep));
}
