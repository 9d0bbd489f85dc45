/** The page-weight budget: any page whose HTML is over it fails the build, named with its size and the budget. */
import { describe, expect, it } from 'vitest';
import { checkPageWeight, PAGE_BYTES } from '../../../generator/checks/checkPageWeight.ts';
import { SiteError } from '../../../generator/core/errors.ts';

const failure = (fn: () => unknown): SiteError<'PageTooHeavy'> => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SiteError);
    return e as SiteError<'PageTooHeavy'>;
  }
  throw new Error('no error');
};

describe('checkPageWeight', () => {
  it('defaults to 150 KB of HTML and lets a page of exactly that size pass', () => {
    expect(PAGE_BYTES).toBe(153_600);
    expect(() => checkPageWeight([{ path: '/', bytes: 153_600 }, { path: '/a', bytes: 20_000 }])).not.toThrow();
  });

  it('names every page over, biggest first, with its size and the budget, and says to paginate', () => {
    const e = failure(() =>
      checkPageWeight([
        { path: '/', bytes: 10_000 },
        { path: '/blog', bytes: 3_634_000 },
        { path: '/tags', bytes: 153_601 },
      ]),
    );
    expect(e.code).toBe('PageTooHeavy');
    expect(e.title).toBe('Page weight budget exceeded');
    expect(e.message).toBe(
      '2 pages have more HTML than the budget of 150.0 KB (153,600 bytes):\n  - /blog: 3.5 MB (3,634,000 bytes)\n  - /tags: 150.0 KB (153,601 bytes)',
    );
    expect(e.hint).toMatch(/paginate\(items, size, base\)/);
    expect(e.hint).toMatch(/budgets\.pageBytes/);
  });

  it('takes the budget the site sets', () => {
    const e = failure(() => checkPageWeight([{ path: '/big', bytes: 2_048 }], 1_024));
    expect(e.message).toBe('A page has more HTML than the budget of 1.0 KB (1,024 bytes):\n  - /big: 2.0 KB (2,048 bytes)');
    expect(() => checkPageWeight([{ path: '/big', bytes: 2_048 }], 4_096)).not.toThrow();
  });

  it('lists ten pages and counts the rest', () => {
    const pages = Array.from({ length: 12 }, (_, i) => ({ path: `/p${i}`, bytes: 200_000 + i }));
    const e = failure(() => checkPageWeight(pages));
    expect(e.message.split('\n')).toHaveLength(12);
    expect(e.message).toContain('… and 2 more');
  });
});
