/**
 * The engine's own features that are plugins, written against the same API a site's plugins use:
 * the sitemap and robots.txt, the JSON-LD rules of the types the engine knows, and the page checks.
 */
import { checks } from '../checks/checkPages.ts';
import { jsonLdRules } from '../checks/jsonLdRules.ts';
import { robots } from '../seo/robots.ts';
import { sitemap } from '../seo/sitemap.ts';
import { definePlugin, type SitePlugin } from './definePlugin.ts';

/** sitemap.xml (the indexable routes) and robots.txt (which names it). */
export const sitemapPlugin = definePlugin({
  name: 'sitemap',
  files: (routes, { siteUrl }) => ({ 'sitemap.xml': sitemap(routes, siteUrl), 'robots.txt': robots(routes, siteUrl) }),
});

/** What search engines require of the schema.org types the engine knows. */
export const jsonLdRulesPlugin = definePlugin({ name: 'json-ld-rules', jsonLdRules });

/** The checks over the finished pages: links and anchors, head tags, the sitemap, alt texts, JSON-LD, inline code. */
export const checksPlugin = definePlugin({ name: 'page-checks', checks });

export const builtinPlugins: readonly SitePlugin[] = [sitemapPlugin, jsonLdRulesPlugin, checksPlugin];
