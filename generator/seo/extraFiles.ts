/** The non-page outputs the site and its plugins make: sitemap.xml and robots.txt (a built-in plugin), a feed, llms.txt. Pure. */
import type { PageTools, Route } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import { absoluteUrl } from './absoluteUrl.ts';

export function extraFiles(site: AnySite, content: Record<string, unknown>, routes: Route[], siteUrl: string, asset: (name: string) => string): Record<string, string> {
  const tools: PageTools<Record<string, unknown>> = { content, siteUrl, url: (p) => absoluteUrl(siteUrl, p), asset };
  return { ...site.files?.(routes, tools) };
}
