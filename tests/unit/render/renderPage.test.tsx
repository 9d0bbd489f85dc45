/**
 * renderPage writes each page's <head> byte for byte as React renders a document holding those tags in
 * its <head>: for every page of the real site, with the navigation logo's preload that React hoists
 * ahead of them, and with every character React escapes in titles, descriptions and URLs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderPage } from '../../../generator/render/renderPage.tsx';
import { SharedContext } from '../../../generator/render/Shared.tsx';
import { joinParts, SharedFragments } from '../../../generator/render/SharedFragments.tsx';
import { SiteContext } from '../../../generator/render/SiteContext.ts';
import { collectionDeps } from '../../../generator/render/trackReads.ts';
import { absoluteUrl } from '../../../generator/seo/absoluteUrl.ts';
import { headTags, type HeadTag } from '../../../generator/seo/headTags.ts';
import { serializeJsonLd } from '../../../generator/seo/jsonLd.ts';
import type { RenderContext } from '../../../generator/site/defineConfig.ts';
import type { Content } from '../../../templates/collections.ts';
import { Layout } from '../../../templates/Layout.tsx';
import { pageTemplates } from '../../../templates/pages/index.ts';
import { buildRoutes, type SiteRoute as Route } from '../../../templates/routes.ts';
import { jsonLd } from '../../../templates/seo/jsonLd.ts';
import { SITE_URL, realContent, site as definition } from '../helpers/content.ts';

const assets = { stylesheet: '/assets/main.css?v=1&x="2"', scripts: ['/assets/loader.js'], csp: "default-src 'self'; img-src 'self' data:" };

/** The document shell as it was when React rendered every head tag: the reference. */
function ReactDocument(p: { lang: string; csp: string; head: HeadTag[]; stylesheet: string; icon: string; jsonLd: string[]; scripts: string[]; children: ReactNode }) {
  return (
    <html lang={p.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={p.csp} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {p.head.map((t, i) =>
          t.tag === 'title' ? <title key={i}>{t.text}</title> : t.tag === 'meta' ? <meta key={i} {...t.attrs} /> : <link key={i} {...t.attrs} />,
        )}
        <link rel="icon" href={p.icon} type="image/svg+xml" />
        <link rel="stylesheet" href={p.stylesheet} />
        {p.scripts.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {p.jsonLd.map((json, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
        ))}
      </head>
      <body>{p.children}</body>
    </html>
  );
}

/** The page as renderPage made it before, shared fragments included. */
function reactPage(route: Route, ctx: RenderContext<Content, Route>): string {
  const shared = new SharedFragments(ctx as unknown as RenderContext, collectionDeps(definition.collections));
  const { site } = ctx.content;
  const socialImage = ctx.asset(site.socialImage);
  const Page = pageTemplates[route.template];
  const html = renderToStaticMarkup(
    <ReactDocument
      lang={site.language}
      csp={assets.csp}
      head={headTags({ route, meta: definition.meta(ctx.content), siteUrl: ctx.siteUrl, socialImage })}
      stylesheet={assets.stylesheet}
      icon={ctx.asset(site.favicon)}
      scripts={assets.scripts}
      jsonLd={jsonLd(route, { content: ctx.content, siteUrl: ctx.siteUrl, url: (p) => absoluteUrl(ctx.siteUrl, p), asset: ctx.asset }).map(serializeJsonLd)}
    >
      <SiteContext.Provider value={ctx as unknown as RenderContext}>
        <SharedContext.Provider value={shared}>
          <Layout route={route}>
            <Page route={route} />
          </Layout>
        </SharedContext.Provider>
      </SiteContext.Provider>
    </ReactDocument>,
  );
  return joinParts(shared.parts(`<!doctype html>${html}`));
}

let content: Content;
let routes: Route[];
let ctx: RenderContext<Content, Route>;
beforeAll(async () => {
  content = await realContent();
  routes = buildRoutes(content);
  ctx = { content, routes, siteUrl: SITE_URL, asset: (name) => `/assets/${name}?a=1&b='2'` };
});

describe('renderPage', () => {
  it('gives every page of the real site exactly the HTML React gave', () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const route of routes) expect(renderPage(definition, route, ctx as unknown as RenderContext, assets).html, route.path).toBe(reactPage(route, ctx));
  });

  it('escapes titles, descriptions and URLs with quotes, ampersands and angle brackets the same way', () => {
    const odd = `Fonts & "colors" <in> the 'deck'`;
    for (const route of routes.slice(0, 5)) {
      const tricky = { ...route, title: odd, description: `${odd} — and more` };
      expect(renderPage(definition, tricky, ctx as unknown as RenderContext, assets).html, route.path).toBe(reactPage(tricky, ctx));
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
