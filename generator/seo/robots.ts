/**
 * robots.txt: everything may be crawled, plus the sitemap. Pages kept out of
 * search carry `noindex` instead of a Disallow line: a crawler blocked by
 * robots.txt never fetches the page, so it would never see the noindex.
 * Pure.
 */
import type { Route } from '../site/defineConfig.ts';
import { absoluteUrl } from './absoluteUrl.ts';

export function robots(_routes: Route[], siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`, ''].join('\n');
}
