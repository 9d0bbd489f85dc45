/**
 * What the files besides the pages see (sitemap.xml, a feed, llms.txt: the site's and its plugins'
 * `files` hooks): the content and routes without the entries shown only as previews (drafts with
 * `--drafts`, entries dated later with `--future`, both in `site dev`), so a preview is a page of its
 * own and nothing more. Pure.
 */
import type { Route } from '../site/defineConfig.ts';
import type { SitePlan } from './planSite.ts';

export function publishedOnly(plan: Pick<SitePlan, 'content' | 'routes' | 'previews'>): { collections: Record<string, unknown>; routes: Route[] } {
  if (plan.previews.length === 0) return { collections: plan.content.collections, routes: plan.routes };
  const previews = new Set(plan.previews);
  const isPreview = (e: unknown) => typeof (e as { file?: unknown } | null)?.file === 'string' && previews.has((e as { file: string }).file);
  const collections = Object.fromEntries(
    Object.entries(plan.content.collections).map(([name, value]) => [name, Array.isArray(value) ? value.filter((e) => !isPreview(e)) : value]),
  );
  return { collections, routes: plan.routes.filter((r) => !isPreview(r.entry)) };
}
