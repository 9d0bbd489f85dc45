/**
 * One copy of each string that recurs from page to page in what the build keeps of its rendered pages
 * until its checks: the navigation's and footer's links and ids, the content files a page read. Every
 * page's summary arrives with its own copies (a worker's message clones each string; the main thread's
 * summaries copy theirs out of the page's markup), so a big site would hold the same few hundred strings
 * tens of thousands of times over, for the whole build, and every full garbage collection would walk
 * them all. The table makes each array point at the first copy seen; the copies become garbage young.
 */
import type { PageSummary } from './summarizePage.ts';

export type StringTable = (s: string) => string;

/** A fresh table: its function returns the first string equal to the one given. */
export function stringTable(): StringTable {
  const seen = new Map<string, string>();
  return (s) => {
    const kept = seen.get(s);
    if (kept !== undefined) return kept;
    seen.set(s, s);
    return s;
  };
}

/** Points `page`'s dependencies and its summary's ids and references at the table's copies (in place: same values, same order). */
export function shareStrings(table: StringTable, page: { deps: string[]; summary: PageSummary }): void {
  const arrays = [page.deps, page.summary.ids, page.summary.refs];
  for (const list of arrays) for (let i = 0; i < list.length; i++) list[i] = table(list[i]!);
}
