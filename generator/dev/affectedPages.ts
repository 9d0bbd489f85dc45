/**
 * The pages a content change affects, for live reload. Pure. A page never rendered yet has nothing
 * stale to reload. A page shows a file it read (trackReads), or an entry its route carries (the one it
 * renders, related ones); the route table's readers follow any change; a changed route table is every page.
 */
import type { Route } from '../site/defineConfig.ts';

/** Whether a page that read `deps` shows the content file `file` (relative to the content folder). */
const shows = (deps: string[], file: string) => deps.some((d) => d === file || (d.endsWith('/') && file.startsWith(d)));

export function affectedPages(before: readonly Route[], after: readonly Route[], reads: ReadonlyMap<string, string[]>, changed: string[]): string[] | '*' {
  if (before !== after && before.map((r) => r.path).join() !== after.map((r) => r.path).join()) return '*';
  const files = changed.map((f) => f.split('\\').join('/'));
  // Only the pages rendered so far are looked up (a few of thousands of routes).
  const wanted = new Set(reads.keys());
  const byPath = new Map(after.filter((r) => wanted.has(r.path)).map((r) => [r.path, r]));
  const carries = (path: string, f: string) => JSON.stringify(byPath.get(path) ?? null).includes(JSON.stringify(f));
  return [...reads].filter(([path, deps]) => deps.includes('routes') || files.some((f) => shows(deps, f) || carries(path, f))).map(([path]) => path);
}
