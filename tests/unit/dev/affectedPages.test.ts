import { describe, expect, it } from 'vitest';
import { affectedPages } from '../../../generator/dev/affectedPages.ts';
import type { Route } from '../../../generator/site/defineConfig.ts';

const route = (path: string, extra: Record<string, unknown> = {}) => ({ path, file: `${path.slice(1) || 'index'}.html`, template: 'page', ...extra }) as unknown as Route;

describe('affectedPages', () => {
  const routes = [route('/'), route('/blog/a', { entry: { file: 'blog/a.md' } }), route('/about')];
  const reads = new Map([
    ['/', ['routes']],
    ['/blog/a', ['site.json']],
    ['/about', ['pages/about.json']],
  ]);

  it('is every page when the route table changed', () => {
    expect(affectedPages(routes, [...routes, route('/new')], reads, ['blog/new.md'])).toBe('*');
  });

  it('is the pages that read the file, carry its entry, or read the route table; never a page not rendered yet', () => {
    expect(affectedPages(routes, routes, reads, ['blog/a.md'])).toEqual(['/', '/blog/a']);
    expect(affectedPages(routes, routes, reads, ['pages\\about.json'])).toEqual(['/', '/about']);
    expect(affectedPages(routes, routes, new Map([['/about', ['pages/']]]), ['pages/about.json'])).toEqual(['/about']);
    expect(affectedPages(routes, routes, new Map(), ['blog/a.md'])).toEqual([]);
  });
});
