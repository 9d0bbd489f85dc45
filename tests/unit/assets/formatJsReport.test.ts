/** The JavaScript report the build prints: a table for a site with islands, one line for a site without. */
import { describe, expect, it } from 'vitest';
import { formatJsReport } from '../../../generator/assets/formatJsReport.ts';
import { budgets } from '../../../generator/assets/jsBudget.ts';

describe('formatJsReport', () => {
  it('says "no islands" in one line for a site that ships no script', () => {
    expect(formatJsReport({ budgets, loader: 0, islands: {}, pages: { '/': { initial: 0, total: 0 } } })).toBe('JavaScript: no islands\n');
  });

  it('lists the loader, each island and the heaviest pages for a site with islands', () => {
    const report = formatJsReport({ budgets, loader: 1024, islands: { Search: 2048 }, pages: { '/': { initial: 1024, total: 3072 } } });
    expect(report.split('\n')).toEqual([
      'JavaScript (gzip): loader 1.0 KB (budget 3.0 KB)',
      '  island Search              2.0 KB',
      '  heaviest first load: / 1.0 KB; heaviest total: / 3.0 KB (budget 120.0 KB)',
      '',
    ]);
  });

  it('prints the budgets the site set, not the defaults', () => {
    const own = { ...budgets, loader: 4096, total: 250 * 1024 };
    const report = formatJsReport({ budgets: own, loader: 1024, islands: { Search: 2048 }, pages: { '/': { initial: 1024, total: 3072 } } });
    expect(report.split('\n')).toEqual(['JavaScript (gzip): loader 1.0 KB (budget 4.0 KB)', '  island Search              2.0 KB', '  heaviest first load: / 1.0 KB; heaviest total: / 3.0 KB (budget 250.0 KB)', '']);
  });
});
