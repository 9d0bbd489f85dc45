/** The engine's route-table helpers: pages of a listing and a listing split by a key. */
import { describe, expect, it } from 'vitest';
import { groupBy, paginate } from '../../generator/routes.ts';

describe('paginate', () => {
  it('puts the first page at the base and the others under /page/<n>, each linked to its neighbours', () => {
    const pages = paginate([1, 2, 3, 4, 5], 2, '/blog');
    expect(pages).toEqual([
      { items: [1, 2], page: 1, pages: 3, path: '/blog', next: '/blog/page/2' },
      { items: [3, 4], page: 2, pages: 3, path: '/blog/page/2', previous: '/blog', next: '/blog/page/3' },
      { items: [5], page: 3, pages: 3, path: '/blog/page/3', previous: '/blog/page/2' },
    ]);
  });

  it('keeps one page for a list that fits, and for an empty list', () => {
    expect(paginate([1, 2], 2, '/blog')).toEqual([{ items: [1, 2], page: 1, pages: 1, path: '/blog' }]);
    expect(paginate([], 10, '/tags/x')).toEqual([{ items: [], page: 1, pages: 1, path: '/tags/x' }]);
  });

  it('numbers the pages of the root listing /page/<n>', () => {
    expect(paginate([1, 2], 1, '/').map((p) => p.path)).toEqual(['/', '/page/2']);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses page size %s', (size) => {
    expect(() => paginate([1], size, '/blog')).toThrow(RangeError);
  });
});

describe('groupBy', () => {
  it('groups by the key function, in the items\' order within a group and first-seen order across groups', () => {
    const posts = [
      { slug: 'a', category: 'Tools' },
      { slug: 'b', category: 'Opinion' },
      { slug: 'c', category: 'Tools' },
      { slug: 'd', category: 'Comparisons' },
      { slug: 'e', category: 'Opinion' },
    ];
    const groups = groupBy(posts, (p) => p.category);
    expect([...groups.keys()]).toEqual(['Tools', 'Opinion', 'Comparisons']);
    expect([...groups.values()].map((g) => g.map((p) => p.slug))).toEqual([['a', 'c'], ['b', 'e'], ['d']]);
  });

  it('takes any key, and gives an empty map for no items', () => {
    const byYear = groupBy(['2024-01-02', '2025-03-04', '2024-05-06'], (d) => Number(d.slice(0, 4)));
    expect(byYear.get(2024)).toEqual(['2024-01-02', '2024-05-06']);
    expect(byYear.get(2025)).toEqual(['2025-03-04']);
    expect(groupBy([], () => 'x').size).toBe(0);
  });
});
