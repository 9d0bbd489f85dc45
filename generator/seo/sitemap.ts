/**
 * sitemap.xml from the route table: exactly the indexable routes; on a multilingual site, each with an
 * `xhtml:link` to every indexable translation (itself included) and `x-default`. Pure.
 */
import type { Route } from '../site/defineConfig.ts';
import { absoluteUrl } from './absoluteUrl.ts';
import { escapeXml } from './escapeXml.ts';
import { indexableAlternates } from './hreflangTags.ts';

const XHTML = ' xmlns:xhtml="http://www.w3.org/1999/xhtml"';

export function sitemap(routes: Route[], siteUrl: string): string {
  const indexable = routes.filter((r) => r.indexable);
  const multilingual = indexable.some((r) => r.alternates !== undefined);
  const urls = indexable.map((r) => {
    const lastmod = r.lastmod ? `<lastmod>${r.lastmod}</lastmod>` : '';
    return `  <url><loc>${escapeXml(absoluteUrl(siteUrl, r.path))}</loc>${lastmod}${alternateLinks(r, siteUrl)}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${multilingual ? XHTML : ''}>\n${urls.join('\n')}\n</urlset>\n`;
}

/** A route's translations as xhtml:link elements; "" without any. */
function alternateLinks(route: Route, siteUrl: string): string {
  const alternates = indexableAlternates(route);
  if (alternates.length === 0) return '';
  const link = (lang: string, path: string) => `<xhtml:link rel="alternate" hreflang="${escapeXml(lang)}" href="${escapeXml(absoluteUrl(siteUrl, path))}"/>`;
  const fallback = alternates.find((a) => a.xDefault);
  return alternates.map((a) => link(a.lang, a.path)).join('') + (fallback ? link('x-default', fallback.path) : '');
}
