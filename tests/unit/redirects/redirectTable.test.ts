/** The redirect table: config redirects and route aliases, checked for paths, collisions, targets, chains and loops. */
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/core/errors.ts';
import { fileForPath } from '../../../generator/routes.ts';
import { assertNoHiddenFiles, pathProblem, redirectTable, type LocateRedirect } from '../../../generator/redirects/redirectTable.ts';
import type { Route } from '../../../generator/site/defineConfig.ts';

const route = (path: string, extra: Partial<Route> = {}): Route => ({
  path,
  file: fileForPath(path),
  template: 'page',
  title: path,
  description: path,
  indexable: true,
  breadcrumbs: [],
  ogType: 'website',
  ...extra,
});
const post = (slug: string, aliases: string[]) =>
  route(`/blog/${slug}`, { aliases, entry: { slug, file: `blog/${slug}.md`, hash: 'h', html: '', headings: [], words: 0 } as never });
const routes = [route('/'), route('/blog'), post('new-post', ['/old-post', '/2019/old-post/']), route('/pricing')];

const failure = (fn: () => unknown): SiteError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SiteError);
    return e as SiteError;
  }
  throw new Error('no error');
};

describe('redirectTable', () => {
  it('lists config redirects, then every route alias, with the file each old path is written to', () => {
    const table = redirectTable(routes, { '/prices': '/pricing', '/docs': 'https://docs.example.com/start' });
    expect(table.map(({ from, to, file }) => [from, to, file])).toEqual([
      ['/prices', '/pricing', 'prices.html'],
      ['/docs', 'https://docs.example.com/start', 'docs.html'],
      ['/old-post', '/blog/new-post', 'old-post.html'],
      ['/2019/old-post', '/blog/new-post', '2019/old-post.html'],
    ]);
    expect(table[2]!.source).toEqual({ kind: 'alias', route: '/blog/new-post', file: 'blog/new-post.md' });
    expect(redirectTable([route('/')])).toEqual([]);
  });

  it('fails an alias that is a page of the site, naming the page and the file and line that declare it', () => {
    const locate: LocateRedirect = (source, value) => (source.kind === 'alias' && value === '/pricing' ? 9 : undefined);
    const e = failure(() => redirectTable([...routes, post('x', ['/pricing'])], {}, locate));
    expect(e.code).toBe('RedirectShadowsRoute');
    expect(e.message).toBe('blog/x.md:9: aliases lists /pricing, which is the path of the page /pricing.');
    expect(e.location).toEqual({ file: 'blog/x.md', line: 9, field: 'aliases' });
    expect(e.hint).toMatch(/remove it from the list/);
    expect(e.title).toBe('A redirect hides a page');
    // The same file on a case-insensitive disk, and a trailing slash, are the page too.
    expect(failure(() => redirectTable(routes, { '/Pricing': '/blog' })).message).toBe('site.config.ts: redirects lists /Pricing, which is the file of the page /pricing.');
    expect(failure(() => redirectTable(routes, { '/blog/': '/' })).code).toBe('RedirectShadowsRoute');
  });

  it('fails a chain, naming both redirects', () => {
    const e = failure(() => redirectTable(routes, { '/a': '/old-post' }));
    expect(e.code).toBe('RedirectChain');
    expect(e.message).toBe('site.config.ts: /a redirects to /old-post, which itself redirects to /blog/new-post: visitors and search engines would be sent on twice.');
    expect(e.hint).toBe('Redirect /a straight to /blog/new-post.');
  });

  it('fails a loop, naming every path of it', () => {
    expect(failure(() => redirectTable(routes, { '/a': '/b', '/b': '/a' })).message).toContain('the redirects /a -> /b -> /a form a loop');
    const self = failure(() => redirectTable(routes, { '/a': '/a' }));
    expect(self.code).toBe('RedirectLoop');
    expect(self.message).toContain('/a -> /a');
  });

  it('fails a target that is not a route of the site, or an http:// URL', () => {
    const e = failure(() => redirectTable(routes, { '/a': '/nowhere' }, () => 4));
    expect(e.code).toBe('RedirectTargetUnknown');
    expect(e.message).toBe('site.config.ts:4: redirects sends /a to /nowhere, which is not a page of the site.');
    expect(e.location).toEqual({ file: 'site.config.ts', line: 4, field: 'redirects' });
    expect(failure(() => redirectTable(routes, { '/a': 'http://example.com/' })).code).toBe('RedirectTargetUnknown');
  });

  it('fails one old path sent to two places, and accepts the same redirect declared twice', () => {
    const e = failure(() => redirectTable(routes, { '/old-post': '/pricing' }));
    expect(e.code).toBe('RedirectDuplicate');
    expect(e.message).toBe('/old-post redirects to /pricing (site.config.ts redirects) and to /blog/new-post (blog/new-post.md aliases).');
    expect(redirectTable(routes, { '/old-post': '/blog/new-post' })).toHaveLength(2);
  });

  it('fails an old path that is a file of the output besides the pages (hosts redirect before serving a file)', () => {
    const table = redirectTable([...routes, post('x', ['/feed.xml'])]);
    const e = failure(() => assertNoHiddenFiles(table, ['feed.xml', 'assets/main.1234.css'], () => 7));
    expect(e.code).toBe('RedirectShadowsRoute');
    expect(e.message).toBe('blog/x.md:7: aliases lists /feed.xml, which is the file feed.xml of the output.');
    expect(() => assertNoHiddenFiles(table, ['sitemap.xml'])).not.toThrow();
  });

  it('fails an old path that is not an exact site path', () => {
    for (const bad of ['old', '/old?x=1', '/old#a', '/old/*', '/blog/:slug', '/a//b', '/../x', '/a b']) {
      expect(pathProblem(bad), bad).not.toBeNull();
      expect(failure(() => redirectTable(routes, { [bad]: '/' })).code, bad).toBe('RedirectPathInvalid');
    }
    for (const good of ['/', '/old', '/old/', '/blog/post.php', '/2019/10/x']) expect(pathProblem(good), good).toBeNull();
  });
});
