/**
 * What `site dev` answers for a path, from the dev path's stages (pipeline/LazyStages.ts), as a build
 * writes it: a redirect of an old path (301, as `site preview` does from `_redirects`), an extra file
 * (sitemap, feed, robots.txt, the site's own), the search index, or a page (the 404 page for a path
 * without one; one naming an island the site does not have fails, as in a build). The host's own files
 * (`_headers`, `_redirects`) are not served.
 */
import path from 'node:path';
import { checkIslands } from '../checks/checkIslands.ts';
import { scanFragment } from '../checks/summarizePage.ts';
import type { LazyStages } from '../pipeline/LazyStages.ts';
import type { SitePlan } from '../plan/planSite.ts';
import { REDIRECTS_FILE } from '../redirects/redirectFiles.ts';
import { fileForPath } from '../seo/absoluteUrl.ts';
import type { Route } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import { types } from './contentTypes.ts';
import type { Rendered } from './workerProtocol.ts';

const HOST_FILES = new Set(['_headers', REDIRECTS_FILE]);
/** The content type a static host gives an output file. */
const typeOf = (file: string) => types[path.extname(file)] ?? 'application/octet-stream';

export interface DevPathInput {
  site: AnySite;
  plan: SitePlan;
  /** The islands the widget bundle has, once it is made. */
  islands?: readonly string[];
  /** The dev path's stages: the extras, the search index and the page renderer, made when first asked for. */
  stages: LazyStages;
}

/** Route tables by output file (a new plan gets its own). */
const byFiles = new WeakMap<readonly Route[], Map<string, Route>>();
const redirectsOf = new WeakMap<SitePlan, Map<string, string>>();

/** The answer, and for a page the route it rendered and what it read (trackReads). */
export async function renderDevPath(urlPath: string, { site, plan, islands, stages }: DevPathInput): Promise<{ result: Rendered; page?: { path: string; deps: string[] } }> {
  let redirects = redirectsOf.get(plan);
  if (!redirects) redirectsOf.set(plan, (redirects = new Map(plan.redirects.map((r) => [r.from, r.to]))));
  const to = redirects.get(urlPath);
  if (to !== undefined) return { result: { status: 301, body: '', type: typeOf('.txt'), location: to } };
  const name = urlPath.replace(/^\//, '');
  const file = fileForPath(urlPath);
  let byFile = byFiles.get(plan.routes);
  if (!byFile) byFiles.set(plan.routes, (byFile = new Map(plan.routes.map((r) => [r.file, r]))));
  // A page is answered without making the other files (no route shares a file with one: routes.ts).
  const own = byFile.get(file);
  if (!own) {
    const extra = HOST_FILES.has(name) ? undefined : (await stages.get('extras')).get(name);
    if (extra !== undefined) return { result: { status: 200, body: extra, type: typeOf(name) } };
    if (site.search && (urlPath.startsWith('/search/') || urlPath.startsWith('/assets/search/'))) {
      const json = (await stages.get('search')).files.get(name);
      return { result: json === undefined ? null : { status: 200, body: json, type: typeOf(name) } };
    }
  }
  const route = own ?? byFile.get('404.html');
  if (!route) return { result: null };
  const page = (await stages.get('renderer')).page(route);
  if (islands) checkIslands([{ url: route.path, islands: scanFragment(page.html).islands }], islands, plan.routes);
  const entryFile = route === own ? route.entry?.file : undefined;
  return { result: { status: route === own ? 200 : 404, body: page.html, type: typeOf(file), ...(entryFile ? { entry: entryFile } : {}) }, page: { path: route.path, deps: page.deps } };
}
