/**
 * Renders one route to a complete HTML document: the site's template for
 * the route inside its layout inside the Document shell, with the head tags
 * and structured data the site asks for. Pure apart from the templates it
 * calls; a template that throws becomes a SiteError naming where (renderFailure.ts). renderPageParts keeps
 * the subtrees marked <Shared> apart (rendered once per SharedFragments
 * instance), for a build that renders many pages.
 */
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SiteError } from '../core/errors.ts';
import { absoluteUrl } from '../seo/absoluteUrl.ts';
import { headTags } from '../seo/headTags.ts';
import { serializeJsonLd } from '../seo/jsonLd.ts';
import type { AnySite } from '../site/loadSite.ts';
import type { RenderContext, Route } from '../site/defineConfig.ts';
import { Document, HeadElements, type HeadParts } from './Document.tsx';
import { SharedContext } from './Shared.tsx';
import { fragmentDeps, joinParts, SharedFragments, type PageParts } from './SharedFragments.tsx';
import { SiteContext } from './SiteContext.ts';
import { collectionDeps, trackReads } from './trackReads.ts';
import { imageLookup } from '../images/imageLookup.ts';
import { placeImages } from '../images/markdownImages.ts';
import { renderFailure } from './renderFailure.ts';
import { withLocale } from '../i18n/withLocale.ts';
import { localeSearchManifest } from '../islands/searchFormat.ts';
import type { ListCollection } from '../site/defineConfig.ts';

export interface PageAssets {
  stylesheet: string;
  scripts: string[];
  /** Content-Security-Policy for the <meta> tag (the _headers file carries the full one). */
  csp: string;
  /** Route path -> root-relative URL of the page's own social image (generator/social/); others have the site's default. */
  socialImages?: Record<string, string>;
}

/** One page on its own (the dev server): its shared subtrees are rendered for it alone. `deps`: what it read (trackReads). */
export function renderPage(site: AnySite, route: Route, ctx: RenderContext, assets: PageAssets): { html: string; deps: string[] } {
  const names = collectionDeps(site.collections);
  const deps = new Set<string>();
  const parts = renderPageParts(site, route, trackReads(ctx, names, (d) => deps.add(d)), assets, new SharedFragments(ctx, names));
  for (const d of fragmentDeps(parts)) deps.add(d);
  return { html: joinParts(parts), deps: [...deps].sort() };
}

const Bare = ({ children }: { route: Route; children: ReactNode }) => children;

/** One page of many: `shared` holds the subtrees this content snapshot's pages have rendered so far; `ctx` records the page's reads. */
export function renderPageParts(site: AnySite, route: Route, siteCtx: RenderContext, assets: PageAssets, shared: SharedFragments): PageParts {
  const Page = site.templates[route.template];
  if (!Page) throw new SiteError('TemplateMissing', { route: route.path, template: route.template, known: Object.keys(site.templates) });
  const Layout = site.layout ?? Bare;
  const strings = site.i18n?.strings ? (site.collections[site.i18n.strings] as ListCollection | undefined) : undefined;
  const ctx = site.i18n ? withLocale(siteCtx, site.i18n, route, strings) : siteCtx;
  try {
    const meta = site.meta(ctx.content);
    const own = assets.socialImages?.[route.path];
    const socialImage = own ?? (meta.socialImage ? ctx.asset(meta.socialImage) : undefined);
    const url = (p: string) => absoluteUrl(ctx.siteUrl, p);
    const tools = { content: ctx.content, siteUrl: ctx.siteUrl, url, asset: ctx.asset, ...(own ? { socialImage: own } : {}) };
    const parts: HeadParts = {
      csp: assets.csp,
      head: headTags({ route, meta, siteUrl: ctx.siteUrl, socialImage, ...(site.i18n ? { i18n: site.i18n } : {}) }),
      icon: meta.favicon ? ctx.asset(meta.favicon) : '',
      stylesheet: assets.stylesheet,
      scripts: assets.scripts,
      jsonLd: (site.jsonLd?.(route, tools) ?? []).map(serializeJsonLd),
      ...(site.search && ctx.locale ? { searchIndex: localeSearchManifest(ctx.locale.code) } : {}),
    };
    // Markdown images become their <picture> once the page is rendered (images/markdownImages.ts).
    const html = placeImages(
      renderToStaticMarkup(
        <Document lang={ctx.locale?.lang ?? meta.language} dir={ctx.locale?.dir} head={<HeadElements {...parts} />}>
          <SiteContext.Provider value={ctx}>
            <SharedContext.Provider value={shared}>
              <Layout route={route}>
                <Page route={route} />
              </Layout>
            </SharedContext.Provider>
          </SiteContext.Provider>
        </Document>,
      ),
      ctx.image ?? imageLookup({}),
    );
    return shared.parts(`<!doctype html>${html}`);
  } catch (e) {
    throw renderFailure(e, route.path, route.template);
  }
}
