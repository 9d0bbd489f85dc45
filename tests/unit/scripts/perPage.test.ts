/** The reference bench's per-page table: time per page and peak RSS per size, and the biggest size's time per page against each smaller one's. */
import { describe, expect, it } from 'vitest';
import { perPageLines } from '../../../scripts/perPage.ts';
import type { Measured } from '../../../scripts/benchRuns.ts';

const run = (ms: number, pages: number, rssMb: number): Measured => ({ ms, pages, rssMb, range: '', runs: 1 });

describe('perPageLines', () => {
  it('prints a row per size, smallest first, then "time per page, 64,000 against 16,000" as a ratio', () => {
    const lines = perPageLines([
      { size: 64000, cold: run(69354, 69354, 1276) },
      { size: 16000, cold: run(11280, 17354, 687) },
    ]);
    expect(lines).toEqual([
      '| cold build | pages | ms per page | peak RSS |',
      '|---|---|---|---|',
      '| 16,000 articles | 17,354 | 0.650 | 687 MB |',
      '| 64,000 articles | 69,354 | 1.000 | 1276 MB |',
      '| time per page, 64,000 against 16,000 | | 1.54× | |',
    ]);
  });
});
