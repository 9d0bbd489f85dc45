/** The non-page outputs derived from content and routes: sitemap, robots, feed, llms.txt. Pure. */
import type { Content } from '../content/load.ts';
import type { Route } from '../routes.ts';
import { feed } from './feed.ts';
import { llmsTxt } from './llmsTxt.ts';
import { robots } from './robots.ts';
import { sitemap } from './sitemap.ts';

export function extraFiles(content: Content, routes: Route[], siteUrl: string): Record<string, string> {
  return {
    'sitemap.xml': sitemap(routes, siteUrl),
    'robots.txt': robots(routes, siteUrl),
    'feed.xml': feed(content, siteUrl),
    'llms.txt': llmsTxt(content, routes, siteUrl),
  };
}
