/** sitemap.xml from the route table: exactly the indexable routes. Pure. */
import type { Route } from '../site/defineConfig.ts';
import { absoluteUrl } from './absoluteUrl.ts';
import { escapeXml } from './escapeXml.ts';

export function sitemap(routes: Route[], siteUrl: string): string {
  const urls = routes
    .filter((r) => r.indexable)
    .map((r) => {
      const lastmod = r.lastmod ? `<lastmod>${r.lastmod}</lastmod>` : '';
      return `  <url><loc>${escapeXml(absoluteUrl(siteUrl, r.path))}</loc>${lastmod}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
