/** A page's cache key changes with everything its HTML can depend on, and with nothing it cannot see (rendered bodies, other articles' text). */
import { beforeAll, describe, expect, it } from 'vitest';
import { depHasher as engineDepHasher, pageKey, routeDigester } from '../../../generator/render/pageKey.ts';
import type { ContentSnapshot } from '../../../generator/content/load.ts';
import type { Entry } from '../../../generator/site/defineConfig.ts';
import { buildRoutes, fakePost, site, tinySnapshot, type Post, type TinyRoute as Route } from '../helpers/tinySite.tsx';

/** The entries a route carries: the ones a build's digester knows (the content's own objects). */
const entriesIn = (route: Route): Entry[] => [...(route.entry ? [route.entry] : []), ...(route.related ?? []), ...(route.listing?.items ?? [])];
/** A fresh digester per call: each digest is computed from scratch, as a build's first page is. */
const routeDigest = (route: Route) => routeDigester(entriesIn(route))(route);

/** The content as templates see it, with the engine's hashes beside it. */
type Content = ContentSnapshot['collections'] & { posts: Post[] } & { hashes: Record<string, string>; dir: string };
const depHasher = (c: Content, r: Route[]) => {
  const { hashes, dir, ...collections } = c;
  const snapshot: ContentSnapshot = { dir, hashes, collections };
  return engineDepHasher(snapshot, site.collections, r, routeDigester(r.flatMap(entriesIn)));
};

let content: Content;
let routes: Route[];
/** An article route of the site, with synthetic article and related articles. */
let article: Route;
beforeAll(async () => {
  const snapshot = await tinySnapshot();
  content = { ...(snapshot.collections as { posts: Post[] }), hashes: snapshot.hashes, dir: snapshot.dir };
  routes = buildRoutes(snapshot.collections as never);
  const real = routes.find((r) => r.template === 'article')!;
  article = { ...real, entry: fakePost('main'), related: [fakePost('rel-1'), fakePost('rel-2', { category: 'Opinion' })] };
});

const withPost = (route: Route, change: Partial<Post>): Route => ({ ...route, entry: { ...route.entry!, ...change } });
const withRelated = (route: Route, i: number, change: Partial<Post>): Route => ({
  ...route,
  related: route.related!.map((p, k) => (k === i ? { ...p, ...change } : p)),
});
/** content with one article changed (a copy: the loaded content is shared). */
const withArticle = (i: number, change: Partial<Post>): Content => ({
  ...content,
  posts: content.posts.map((p, k) => (k === i ? { ...p, ...change } : p)),
});

describe('routeDigester', () => {
  it('gives every route of a build, digested with one digester, the digest a fresh one gives it', () => {
    const shared = routeDigester(routes.flatMap(entriesIn));
    for (const route of routes) expect(shared(route)).toBe(routeDigest(route));
  });

  it('is the same for the same route, and for a copy of it', () => {
    expect(routeDigest(article)).toBe(routeDigest(structuredClone(article)));
    expect(routeDigest(article)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("ignores the article's rendered body (html, headings, words): its source hash stands for it", () => {
    const rendered = withPost(article, { html: '<p>Rendered</p>', headings: [{ depth: 2, text: 'H', id: 'h' }], words: 900 });
    const empty = withPost(article, { html: '', headings: [], words: 0 });
    expect(routeDigest(rendered)).toBe(routeDigest(article));
    expect(routeDigest(empty)).toBe(routeDigest(article));
  });

  it("ignores the related articles' rendered bodies", () => {
    const rendered = withRelated(article, 0, { html: '<p>Other body</p>', headings: [], words: 400 });
    expect(routeDigest(rendered)).toBe(routeDigest(article));
  });

  it("changes with the article's source hash", () => {
    expect(routeDigest(withPost(article, { hash: 'hash-of-main-edited' }))).not.toBe(routeDigest(article));
  });

  it("changes with the article's metadata", () => {
    expect(routeDigest(withPost(article, { title: 'New title' }))).not.toBe(routeDigest(article));
    expect(routeDigest(withPost(article, { date: '2026-01-01' }))).not.toBe(routeDigest(article));
  });

  it("does not change when a related article's source hash changes (a page shows only its metadata)", () => {
    expect(routeDigest(withRelated(article, 1, { hash: 'hash-of-rel-2-edited' }))).toBe(routeDigest(article));
  });

  it("changes when a related article's title (or other metadata) changes, or the related list does", () => {
    expect(routeDigest(withRelated(article, 0, { title: 'Renamed' }))).not.toBe(routeDigest(article));
    expect(routeDigest(withRelated(article, 1, { description: 'New description' }))).not.toBe(routeDigest(article));
    expect(routeDigest({ ...article, related: [...article.related!].reverse() })).not.toBe(routeDigest(article));
    expect(routeDigest({ ...article, related: article.related!.slice(1) })).not.toBe(routeDigest(article));
  });

  it('changes with the route fields themselves', () => {
    expect(routeDigest({ ...article, title: 'Other' })).not.toBe(routeDigest(article));
    expect(routeDigest({ ...article, indexable: false })).not.toBe(routeDigest(article));
  });

  it('digests routes without an article or related list', () => {
    const home = routes.find((r) => r.path === '/')!;
    expect(home.entry).toBeUndefined();
    expect(routeDigest(home)).toBe(routeDigest({ ...home }));
    expect(routeDigest(home)).not.toBe(routeDigest({ ...home, description: 'x' }));
  });
});

describe('depHasher', () => {
  it("'blog/' changes when any article's metadata changes", () => {
    const before = depHasher(content, routes)('blog/');
    const last = content.posts.length - 1;
    expect(depHasher(withArticle(last, { title: 'Renamed' }), routes)('blog/')).not.toBe(before);
    expect(depHasher(withArticle(0, { category: 'Opinion', date: '2020-01-01' }), routes)('blog/')).not.toBe(before);
  });

  it("'blog/' does not change when only an article's source hash or rendered body changes", () => {
    const before = depHasher(content, routes)('blog/');
    expect(depHasher(withArticle(0, { hash: 'edited' }), routes)('blog/')).toBe(before);
    expect(depHasher(withArticle(0, { html: '', headings: [], words: 0 }), routes)('blog/')).toBe(before);
  });

  it("'blog/' changes when an article is added or removed", () => {
    const before = depHasher(content, routes)('blog/');
    expect(depHasher({ ...content, posts: content.posts.slice(1) }, routes)('blog/')).not.toBe(before);
    expect(depHasher({ ...content, posts: [...content.posts, fakePost('new')] }, routes)('blog/')).not.toBe(before);
  });

  it('a content file dep is that file\'s content hash', () => {
    const hashOf = depHasher(content, routes);
    for (const file of ['site.json', 'nav.json', 'pages/home.json', 'legal/terms.md']) {
      expect(content.hashes[file]).toMatch(/^[0-9a-f]{64}$/);
      expect(hashOf(file)).toBe(content.hashes[file]);
    }
  });

  it("'routes' is stable and changes with any route's digest", () => {
    const before = depHasher(content, routes)('routes');
    expect(depHasher(content, buildRoutes(content as never))('routes')).toBe(before);
    const changed = routes.map((r) => (r.path === '/pricing' ? { ...r, title: 'Other' } : r));
    expect(depHasher(content, changed)('routes')).not.toBe(before);
  });

  it('an unknown dep never equals itself, so a page that read it always renders again', () => {
    const hashOf = depHasher(content, routes);
    for (const dep of ['pages/nope.json', '*', 'blog/main.md']) expect(hashOf(dep)).not.toBe(hashOf(dep));
  });
});

describe('pageKey', () => {
  const hashes: Record<string, string> = { 'site.json': 'h-site', 'pages/home.json': 'h-home', 'blog/': 'h-blog' };
  const hashOf = (d: string) => hashes[d]!;
  const deps = ['blog/', 'pages/home.json', 'site.json'];
  const base = pageKey('global', 'digest', deps, hashOf);

  it('is a stable hash of its parts', () => {
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(pageKey('global', 'digest', [...deps], (d) => hashes[d]!)).toBe(base);
  });

  it('changes with the global key', () => {
    expect(pageKey('global-2', 'digest', deps, hashOf)).not.toBe(base);
  });

  it('changes with the route digest', () => {
    expect(pageKey('global', 'digest-2', deps, hashOf)).not.toBe(base);
  });

  it('changes with the dep list: one more, one fewer, another name with the same hash', () => {
    expect(pageKey('global', 'digest', [...deps, 'widgets.json'], (d) => hashes[d] ?? 'h-widgets')).not.toBe(base);
    expect(pageKey('global', 'digest', deps.slice(1), hashOf)).not.toBe(base);
    expect(pageKey('global', 'digest', ['blog/', 'pages/pricing.json', 'site.json'], (d) => (d === 'pages/pricing.json' ? 'h-home' : hashes[d]!))).not.toBe(
      base,
    );
  });

  it("changes with a dep's hash", () => {
    expect(pageKey('global', 'digest', deps, (d) => (d === 'site.json' ? 'h-site-2' : hashes[d]!))).not.toBe(base);
  });

  it('does not confuse where one part ends and the next begins', () => {
    expect(pageKey('ab', 'c', [], hashOf)).not.toBe(pageKey('a', 'bc', [], hashOf));
  });

  it('with loaded content: a page reading a changed content file gets a new key, others keep theirs', () => {
    const home = routes.find((r) => r.path === '/')!;
    const key = (c: Content, d: string[]) => pageKey('g', routeDigest(home), d, depHasher(c, routes));
    const edited: Content = { ...content, hashes: { ...content.hashes, 'pages/pricing.json': 'edited' } };
    expect(key(edited, ['pages/home.json', 'site.json'])).toBe(key(content, ['pages/home.json', 'site.json']));
    expect(key(edited, ['pages/pricing.json', 'site.json'])).not.toBe(key(content, ['pages/pricing.json', 'site.json']));
  });
});
