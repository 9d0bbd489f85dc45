/**
 * Shared fragments: a subtree marked <Shared id> renders once per SharedFragments instance, pages get
 * the same HTML as a page rendered on its own, the fragment's reads count for every page that shows it,
 * its image preloads still reach the page's <head>, and its check summary merges as if scanned in place.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { summarizePage } from '../../../generator/checks/summarizePage.ts';
import { renderPage as renderOne, renderPageParts as renderParts } from '../../../generator/render/renderPage.tsx';
import { Shared, SharedContext } from '../../../generator/render/Shared.tsx';
import { fragmentDeps, joinParts, partBytes, SharedFragments as Fragments } from '../../../generator/render/SharedFragments.tsx';
import { SiteContext } from '../../../generator/render/SiteContext.ts';
import { collectionDeps, trackReads as track } from '../../../generator/render/trackReads.ts';
import type { RenderContext } from '../../../generator/site/defineConfig.ts';
import { useSite as useEngineSite } from '../../../generator/site/api.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { buildRoutes, SITE_URL, site, tinyContent, type Content, type TinyRoute as Route } from '../helpers/tinySite.tsx';

const useSite = () => useEngineSite<Content, Route>();

// The engine's functions with the tiny site's definition and collections.
const deps = collectionDeps(site.collections);
class SharedFragments extends Fragments {
  constructor(ctx: RenderContext) {
    super(ctx, deps);
  }
}
const renderPage = (r: Route, c: RenderContext, a: typeof assets) => renderOne(site, r, c, a).html;
const renderPageParts = (r: Route, c: RenderContext, a: typeof assets, store: Fragments) => renderParts(site, r, c, a, store);
const trackReads = (c: RenderContext, read: (dep: string) => void) => track(c, deps, read);

const assets = { stylesheet: '/assets/main.css', scripts: ['/assets/loader.js'], csp: "default-src 'self'" };
let content: Content;
let routes: Route[];
let ctx: RenderContext;
beforeAll(async () => {
  content = await tinyContent();
  routes = buildRoutes(content);
  ctx = { content: content as unknown as Record<string, unknown>, routes, siteUrl: SITE_URL, asset: (name) => `/assets/${name}` };
});
const route = (path: string) => routes.find((r) => r.path === path)!;

/** Renders `node` as a page body would, with `store` providing the shared fragments. */
function renderWith(store: SharedFragments, node: React.ReactNode): string {
  return renderToStaticMarkup(
    <html>
      <head />
      <body>
        <SiteContext.Provider value={ctx}>
          <SharedContext.Provider value={store}>{node}</SharedContext.Provider>
        </SiteContext.Provider>
      </body>
    </html>,
  );
}

describe('SharedFragments', () => {
  it('renders a shared subtree once for all the pages that show it', () => {
    let renders = 0;
    const Counted = () => {
      renders++;
      return <p>same everywhere</p>;
    };
    const store = new SharedFragments(ctx);
    const pages = [1, 2, 3].map((n) => joinParts(store.parts(renderWith(store, <main>{n}<Shared id="x"><Counted /></Shared></main>))));
    expect(renders).toBe(1);
    expect(pages[2]).toContain('<main>3<p>same everywhere</p></main>');
  });

  it('gives every page of a build the HTML it gets when rendered on its own', () => {
    const store = new SharedFragments(ctx);
    for (const path of ['/', '/blog', '/pricing', route('/blog').path, routes.find((r) => r.entry)!.path, '/404']) {
      const r = routes.find((x) => x.path === path) ?? route(path);
      expect(joinParts(renderPageParts(r, ctx, assets, store))).toBe(renderPage(r, ctx, assets));
    }
  });

  it('gives a page\'s bytes in pieces that join to the UTF-8 of its HTML, fragments encoded once', () => {
    const store = new SharedFragments(ctx);
    const [first, second] = ['/pricing', '/about'].map((p) => renderPageParts(route(p), ctx, assets, store));
    for (const parts of [first!, second!]) expect(Buffer.concat(partBytes(parts))).toEqual(Buffer.from(joinParts(parts)));
    const footer = (parts: typeof first) => partBytes(parts!).filter((_, k) => typeof parts![k] !== 'string').at(-1);
    expect(footer(second)).toBe(footer(first));
  });

  it('leaves no placeholder in a page, and keeps the logo preload in <head>', () => {
    const html = renderPage(route('/pricing'), ctx, assets);
    expect(html).not.toMatch(/[\u0001\u0002]/);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`href="/assets/${content.site.logo}" as="image"`);
    expect(html.slice(html.indexOf('<body'))).not.toContain('rel="preload"');
  });

  it('counts what a fragment read for every page that shows it, not only the first', () => {
    // The fragment reads legal/terms.md; the page around it reads nothing itself.
    const Terms = () => <p>{useSite().content.legal.terms.title}</p>;
    const store = new SharedFragments(ctx);
    for (const n of [1, 2]) {
      const own = new Set<string>();
      const html = renderToStaticMarkup(
        <SiteContext.Provider value={trackReads(ctx, (d) => own.add(d))}>
          <SharedContext.Provider value={store}>
            <main>
              {n}
              <Shared id="terms">
                <Terms />
              </Shared>
            </main>
          </SharedContext.Provider>
        </SiteContext.Provider>,
      );
      expect([...own]).toEqual([]);
      expect(fragmentDeps(store.parts(html))).toEqual(['legal/terms.md']);
    }
  });

  it('is not fooled by content that looks like a placeholder', () => {
    const store = new SharedFragments(ctx);
    const forged = '\u0001000000000000\u0002';
    const html = renderWith(store, <main>{forged}<Shared id="y"><b>real</b></Shared></main>);
    expect(joinParts(store.parts(html))).toContain(`<main>${forged}<b>real</b></main>`);
  });

  it('summarizes a page from its parts exactly as from its whole HTML, problems worded for that page', () => {
    const store = new SharedFragments(ctx);
    const NoAlt = () => <img src="/x.png" />;
    for (const url of ['/a', '/b']) {
      const html = renderWith(store, <main id="top"><a href="/pricing">p</a><Shared id="bad"><NoAlt /><a href="/blog#x">b</a></Shared><span id="end" /></main>);
      const parts = store.parts(html);
      const summary = summarizePage(url, parts);
      expect(summary).toEqual(summarizePage(url, joinParts(parts)));
      expect(summary.problems.missingAlt).toEqual([`${url}: <img src="/x.png"> has no alt text`]);
      expect(summary.ids).toEqual(['top', 'end']);
      // The image's preload went to <head>, before everything in <body>.
      expect(summary.refs).toEqual(['link /x.png', 'a /pricing', 'img /x.png', 'a /blog#x']);
    }
  });

  it('refuses a preload it could not hand back to the page, instead of dropping it', () => {
    const store = new SharedFragments(ctx);
    const Hero = () => <img src="/hero.png" alt="" fetchPriority="high" />;
    expect(() => renderWith(store, <Shared id="hero"><Hero /></Shared>)).toThrow(/cannot pass on to the page/);
  });

  it('renders in place where no page render provides fragments', () => {
    const html = renderToStaticMarkup(<div><Shared id="z"><i>inline</i></Shared></div>);
    expect(html).toBe('<div><i>inline</i></div>');
  });
});
