/** The non-page outputs: sitemap and robots from the route table, then the site's own files (a feed, llms.txt). Pure. */
import type { PageTools, Route } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import { absoluteUrl } from './absoluteUrl.ts';
import { robots } from './robots.ts';
import { sitemap } from './sitemap.ts';

export function extraFiles(site: AnySite, content: Record<string, unknown>, routes: Route[], siteUrl: string, asset: (name: string) => string): Record<string, string> {
  const tools: PageTools<Record<string, unknown>> = { content, siteUrl, url: (p) => absoluteUrl(siteUrl, p), asset };
  return {
    'sitemap.xml': sitemap(routes, siteUrl),
    'robots.txt': robots(routes, siteUrl),
    ...site.files?.(routes, tools),
  };
}
