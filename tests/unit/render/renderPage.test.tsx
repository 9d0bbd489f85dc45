/**
 * renderPage's document: one <head> with the charset first, the CSP ahead of the title and the JSON-LD
 * inside; titles and descriptions escaped in every tag; a page's own social image named where social
 * networks and search engines read it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPage } from '../../../generator/render/renderPage.tsx';
import type { RenderContext } from '../../../generator/site/defineConfig.ts';
import { buildRoutes, SITE_URL, site as definition, tinyContent, type Content, type TinyRoute as Route } from '../helpers/tinySite.tsx';

const assets = { stylesheet: '/assets/main.css?v=1&x="2"', scripts: ['/assets/loader.js'], csp: "default-src 'self'; img-src 'self' data:" };

let content: Content;
let routes: Route[];
let ctx: RenderContext<Content, Route>;
beforeAll(async () => {
  content = await tinyContent();
  routes = buildRoutes(content);
  ctx = { content, routes, siteUrl: SITE_URL, asset: (name) => `/assets/${name}?a=1&b='2'` };
});

describe('renderPage', () => {
  it('writes every page of a site with one <head>: charset first, the CSP before the title, the JSON-LD inside', () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) {
      const html = renderPage(definition, route, ctx as unknown as RenderContext, assets).html;
      expect(html.startsWith('<!doctype html><html lang="en"><head><meta charSet="utf-8"/>'), route.path).toBe(true);
      expect(html.split('<head>'), route.path).toHaveLength(2);
      const end = html.indexOf('</head>');
      const csp = html.indexOf(`<meta http-equiv="Content-Security-Policy" content="default-src &#x27;self&#x27;; img-src &#x27;self&#x27; data:"/>`);
      expect(csp, route.path).toBeGreaterThan(0);
      expect(csp, route.path).toBeLessThan(html.indexOf('<title>'));
      expect(html.lastIndexOf('type="application/ld+json"'), route.path).toBeLessThan(end);
      expect(html.indexOf('<title>'), route.path).toBeLessThan(end);
    }
  });

  it('escapes titles and descriptions with quotes, ampersands and angle brackets in the title and every meta tag', () => {
    const odd = `Fonts & "colors" <in> the 'deck'`;
    const escaped = 'Fonts &amp; &quot;colors&quot; &lt;in&gt; the &#x27;deck&#x27;';
    for (const route of routes.slice(0, 5)) {
      const html = renderPage(definition, { ...route, title: odd, description: odd }, ctx as unknown as RenderContext, assets).html;
      expect(html, route.path).toContain(`<title>${escaped}</title>`);
      for (const meta of ['name="description"', 'property="og:title"', 'property="og:description"', 'name="twitter:title"']) {
        expect(html, route.path).toContain(`<meta ${meta} content="${escaped}"/>`);
      }
      expect(html, route.path).not.toContain(odd);
    }
  });

  it("names a page's own social image in og:image, twitter:image and its BlogPosting's image; other pages keep the site's", () => {
    const article = routes.find((r) => r.entry)!;
    const own = '/assets/social/blog-x-0123abcd.png';
    const withImages = { ...assets, socialImages: { [article.path]: own } };
    const render = (route: Route) => renderPage(definition, route, ctx as unknown as RenderContext, withImages).html;
    const html = render(article);
    const image = `${SITE_URL}${own}`;
    expect(html).toContain(`<meta property="og:image" content="${image}"/><meta property="og:image:width" content="1200"/><meta property="og:image:height" content="630"/>`);
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image"/>`);
    expect(html).toContain(`<meta name="twitter:image" content="${image}"/>`);
    expect(html).toContain(`"image":"${image}"`);
    const pricing = render(routes.find((r) => r.path === '/pricing')!);
    expect(pricing).not.toContain('/assets/social/');
    expect(pricing).toContain(`<meta property="og:image" content="${SITE_URL}/assets/og-image.png?a=1&amp;b=&#x27;2&#x27;"/>`);
  });
});
