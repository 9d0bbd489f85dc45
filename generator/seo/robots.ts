/** robots.txt: everything allowed except the noindex app pages, plus the sitemap. Pure. */
import type { Route } from '../routes.ts';
import { absoluteUrl } from './absoluteUrl.ts';

export function robots(routes: Route[], siteUrl: string): string {
  const hidden = routes.filter((r) => !r.indexable && r.file !== '404.html').map((r) => `Disallow: ${r.path}`);
  return ['User-agent: *', 'Allow: /', ...hidden, '', `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`, ''].join('\n');
}
