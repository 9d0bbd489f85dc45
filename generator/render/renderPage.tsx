/**
 * Renders one route to a complete HTML document string: the page template
 * inside the shared Layout inside the Document shell. Pure apart from the
 * templates it calls; a template that throws becomes a SiteError.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Layout } from '../../templates/Layout.tsx';
import { pageTemplates } from '../../templates/pages/index.ts';
import { SiteContext, type RenderContext } from '../../templates/SiteContext.ts';
import { SiteError } from '../errors.ts';
import type { Route } from '../routes.ts';
import { headTags } from '../seo/headTags.ts';
import { jsonLd, serializeJsonLd } from '../seo/jsonLd.ts';
import { Document } from './Document.tsx';

export interface PageAssets {
  stylesheet: string;
  scripts: string[];
  /** Content-Security-Policy for the <meta> tag (the _headers file carries the full one). */
  csp: string;
}

export function renderPage(route: Route, ctx: RenderContext, assets: PageAssets): string {
  const { site } = ctx.content;
  const socialImage = ctx.asset(site.socialImage);
  const Page = pageTemplates[route.template];
  try {
    const html = renderToStaticMarkup(
      <Document
        lang={site.language}
        csp={assets.csp}
        head={headTags({ route, site, siteUrl: ctx.siteUrl, socialImage })}
        stylesheet={assets.stylesheet}
        icon={ctx.asset(site.favicon)}
        scripts={assets.scripts}
        jsonLd={jsonLd({ route, content: ctx.content, siteUrl: ctx.siteUrl, logoUrl: ctx.asset(site.logo), socialImage }).map(
          serializeJsonLd,
        )}
      >
        <SiteContext.Provider value={ctx}>
          <Layout route={route}>
            <Page route={route} />
          </Layout>
        </SiteContext.Provider>
      </Document>,
    );
    return `<!doctype html>${html}`;
  } catch (e) {
    if (e instanceof SiteError) throw e;
    throw new SiteError('TemplateRenderFailed', { route: route.path, template: route.template, reason: (e as Error).message });
  }
}
