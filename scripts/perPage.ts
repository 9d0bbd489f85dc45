/**
 * The bench's per-page table: for each size, a cold build's wall time per page written and its peak RSS,
 * and how the time per page at the biggest size compares with a smaller one's (a build whose cost per
 * page grows with the site is holding or walking something the whole build long). Pure: runs in, lines out.
 */
import type { Measured } from './benchRuns.ts';
import { thousands } from './benchRuns.ts';

/** One size's cold build: its article count and the median run (pages: what it wrote). */
export interface SizeRun {
  size: number;
  cold: Measured;
}

export const msPerPage = (r: Measured): number => (r.pages ? r.ms / r.pages : NaN);

/** The markdown table: a row per size, then "time per page, B against A" for the biggest size against each smaller one measured. */
export function perPageLines(runs: readonly SizeRun[]): string[] {
  const sorted = [...runs].sort((a, b) => a.size - b.size);
  const lines = ['| cold build | pages | ms per page | peak RSS |', '|---|---|---|---|'];
  for (const { size, cold } of sorted) lines.push(`| ${thousands(size)} articles | ${thousands(cold.pages)} | ${msPerPage(cold).toFixed(3)} | ${cold.rssMb.toFixed(0)} MB |`);
  const biggest = sorted.at(-1);
  for (const smaller of sorted.slice(0, -1)) {
    const ratio = msPerPage(biggest!.cold) / msPerPage(smaller.cold);
    lines.push(`| time per page, ${thousands(biggest!.size)} against ${thousands(smaller.size)} | | ${ratio.toFixed(2)}× | |`);
  }
  return lines;
}
