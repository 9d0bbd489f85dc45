/**
 * Renders one route to a complete HTML document: the page template inside
 * the shared Layout inside the Document shell. Pure apart from the
 * templates it calls; a template that throws becomes a SiteError.
 * renderPageParts keeps the subtrees marked <Shared> apart (rendered once
 * per SharedFragments instance), for a build that renders many pages.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Layout } from '../../templates/Layout.tsx';
import { pageTemplates } from '../../templates/pages/index.ts';
import { SiteContext, type RenderContext } from '../../templates/SiteContext.ts';
import { SiteError } from '../errors.ts';
import type { Route } from '../routes.ts';
import { headTags } from '../seo/headTags.ts';
import { jsonLd, serializeJsonLd } from '../seo/jsonLd.ts';
import { aroundHead, Document } from './Document.tsx';
import { headHtml } from './headHtml.ts';
import { SharedContext } from '../../templates/components/Shared.tsx';
import { joinParts, SharedFragments, type PageParts } from './SharedFragments.tsx';

export interface PageAssets {
  stylesheet: string;
  scripts: string[];
  /** Content-Security-Policy for the <meta> tag (the _headers file carries the full one). */
  csp: string;
}

/** One page on its own (the dev server): its shared subtrees are rendered for it alone. */
export function renderPage(route: Route, ctx: RenderContext, assets: PageAssets): string {
  return joinParts(renderPageParts(route, ctx, assets, new SharedFragments(ctx)));
}

/** One page of many: `shared` holds the subtrees this content snapshot's pages have rendered so far. */
export function renderPageParts(route: Route, ctx: RenderContext, assets: PageAssets, shared: SharedFragments): PageParts {
  const { site } = ctx.content;
  const socialImage = ctx.asset(site.socialImage);
  const Page = pageTemplates[route.template];
  try {
    const head = headHtml({
      csp: assets.csp,
      head: headTags({ route, site, siteUrl: ctx.siteUrl, socialImage }),
      icon: ctx.asset(site.favicon),
      stylesheet: assets.stylesheet,
      scripts: assets.scripts,
      jsonLd: jsonLd({ route, content: ctx.content, siteUrl: ctx.siteUrl, logoUrl: ctx.asset(site.logo), socialImage }).map(serializeJsonLd),
    });
    const html = renderToStaticMarkup(
      <Document lang={site.language}>
        <SiteContext.Provider value={ctx}>
          <SharedContext.Provider value={shared}>
            <Layout route={route}>
              <Page route={route} />
            </Layout>
          </SharedContext.Provider>
        </SiteContext.Provider>
      </Document>,
    );
    const [before, after] = aroundHead(html);
    return [...shared.parts(`<!doctype html>${before}`), head, ...shared.parts(after)];
  } catch (e) {
    if (e instanceof SiteError) throw e;
    throw new SiteError('TemplateRenderFailed', { route: route.path, template: route.template, reason: (e as Error).message });
  }
}
