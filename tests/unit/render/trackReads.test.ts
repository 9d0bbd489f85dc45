/** trackReads reports every content file a template reads through the context, and hands back the very same data. */
import { beforeAll, describe, expect, it } from 'vitest';
import { collectionDeps, trackReads } from '../../../generator/render/trackReads.ts';
import type { RenderContext } from '../../../generator/site/defineConfig.ts';
import { buildRoutes, SITE_URL, site, tinyContent, type Content, type TinyRoute } from '../helpers/tinySite.tsx';

let content: Content;
let ctx: RenderContext<Content, TinyRoute>;
beforeAll(async () => {
  content = await tinyContent();
  ctx = { content, routes: buildRoutes(content), siteUrl: SITE_URL, asset: (name) => `/hashed-${name}` };
});

/** A tracked context and the list of what it recorded, in order. */
function tracked() {
  const reads: string[] = [];
  const view = trackReads(ctx as unknown as RenderContext<Record<string, unknown>>, collectionDeps(site.collections), (dep) => reads.push(dep));
  return { view: view as unknown as typeof ctx, reads };
}

describe('trackReads', () => {
  it.each([
    ['content.site', (c: typeof ctx) => c.content.site, 'site.json'],
    ['content.nav', (c: typeof ctx) => c.content.nav, 'nav.json'],
    ['content.pages.home', (c: typeof ctx) => c.content.pages.home, 'pages/home.json'],
    ['content.pages.pricing', (c: typeof ctx) => c.content.pages.pricing, 'pages/pricing.json'],
    ['content.legal.terms', (c: typeof ctx) => c.content.legal.terms, 'legal/terms.md'],
    ['content.legal.privacy', (c: typeof ctx) => c.content.legal.privacy, 'legal/privacy.md'],
    ['content.posts', (c: typeof ctx) => c.content.posts, 'blog/'],
    ['routes', (c: typeof ctx) => c.routes, 'routes'],
  ])('reading %s records %s', (_, read, dep) => {
    const { view, reads } = tracked();
    read(view);
    expect(reads).toEqual([dep]);
  });

  it('returns the same objects as the untracked context', () => {
    const { view } = tracked();
    expect(view.content.site).toBe(content.site);
    expect(view.content.nav).toBe(content.nav);
    expect(view.content.pages.home).toBe(content.pages.home);
    expect(view.content.legal.terms).toBe(content.legal.terms);
    expect(view.content.posts).toBe(content.posts);
    expect(view.routes).toBe(ctx.routes);
    expect(view.asset).toBe(ctx.asset);
    expect(view.siteUrl).toBe(ctx.siteUrl);
    expect(Object.keys(view.content)).toEqual(Object.keys(content));
  });

  it('listing the pages (Object.keys, Object.entries, spread) records every page file', () => {
    const pageFiles = Object.keys(content.pages).map((k) => `pages/${k}.json`);
    expect(pageFiles).toContain('pages/home.json');
    for (const list of [(p: object) => Object.keys(p), (p: object) => Object.entries(p), (p: object) => ({ ...p })]) {
      const { view, reads } = tracked();
      list(view.content.pages);
      expect([...new Set(reads)].sort()).toEqual([...pageFiles].sort());
    }
    const { view } = tracked();
    expect(Object.keys(view.content.pages)).toEqual(Object.keys(content.pages));
  });

  it('listing the legal documents records every legal file', () => {
    const { view, reads } = tracked();
    expect(Object.keys(view.content.legal)).toEqual(['privacy', 'terms']);
    expect(reads.sort()).toEqual(['legal/privacy.md', 'legal/terms.md']);
  });

  it('reading siteUrl or asset, or listing the collections, records nothing', () => {
    const { view, reads } = tracked();
    void view.siteUrl;
    expect(view.asset('logo.svg')).toBe('/hashed-logo.svg');
    void Object.keys(view.content);
    expect(reads).toEqual([]);
  });

  it('reading a key that is not a page, or a symbol, records nothing', () => {
    const { view, reads } = tracked();
    expect((view.content.pages as unknown as Record<string, unknown>)['nope']).toBeUndefined();
    void (view.content.pages as unknown as Record<symbol, unknown>)[Symbol.iterator];
    expect(reads).toEqual([]);
  });

  it('records each read every time (the caller dedupes)', () => {
    const { view, reads } = tracked();
    void view.content.site;
    void view.content.site.name;
    expect(reads).toEqual(['site.json', 'site.json']);
  });

  it('records nothing for the context it was made from', () => {
    const { reads } = tracked();
    void ctx.content.site;
    void ctx.content.pages.home;
    void ctx.routes;
    expect(reads).toEqual([]);
  });
});
