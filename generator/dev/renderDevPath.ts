/**
 * What `site dev` answers for a path, from the site's plan (plan/planSite.ts) and its files
 * (plan/planFiles.ts), as a build writes them: a redirect of an old path (301, as `site preview` does from
 * `_redirects`), an extra file (sitemap, feed, robots.txt, the site's own), the search index, or a page
 * (the 404 page for a path without one; one naming an island the site does not have fails, as in a build). The host's own files (`_headers`, `_redirects`) are not served.
 */
import path from 'node:path';
import { assetUrl } from '../assets/staticFiles.ts';
import { scanFragment } from '../checks/summarizePage.ts';
import { imageLookup } from '../images/imageLookup.ts';
import type { ImageManifest } from '../images/imageTypes.ts';
import { checkIslands } from '../pipeline/checkIslands.ts';
import { planCsp, planFiles } from '../plan/planFiles.ts';
import type { SitePlan } from '../plan/planSite.ts';
import type { LocateRedirect } from '../redirects/redirectTable.ts';
import { REDIRECTS_FILE } from '../redirects/redirectFiles.ts';
import { renderPage } from '../render/renderPage.tsx';
import { fileForPath } from '../seo/absoluteUrl.ts';
import type { AnySite } from '../site/loadSite.ts';
import type { EntryMeta, Route } from '../site/defineConfig.ts';
import type { MarkdownResult } from '../content/markdown.ts';
import { types } from './contentTypes.ts';
import type { DevAssets, Rendered } from './workerProtocol.ts';

/** The plan of the content as last read, and what is made from it when first asked for. */
export interface DevPlan {
  plan: SitePlan;
  /** Old path -> its target. */
  redirects: Map<string, string>;
  /** Output file -> its route. */
  byFile?: Map<string, Route>;
  /** The files besides the pages (planFiles), for the current assets. */
  files?: Map<string, string>;
  /** The search index's files. */
  search?: Map<string, string>;
}

const HOST_FILES = new Set(['_headers', REDIRECTS_FILE]);
/** The content type a static host gives an output file. */
const typeOf = (file: string) => types[path.extname(file)] ?? 'application/octet-stream';

export interface DevPathInput {
  site: AnySite;
  current: DevPlan;
  assets: DevAssets;
  images: ImageManifest;
  /** A route's social image URL (undefined: the site's default image). */
  socialUrl?: (route: Route) => string | undefined;
  /** A list entry's rendered body (routes carry entries without one, as in a build). */
  body: (entry: EntryMeta) => MarkdownResult;
  /** The search index's files, made when first asked for. */
  search: () => Map<string, string>;
  locate?: LocateRedirect;
}

/** The answer, and for a page the route it rendered and what it read (trackReads). */
export function renderDevPath(urlPath: string, { site, current, assets, images, socialUrl, body, search, locate }: DevPathInput): { result: Rendered; page?: { path: string; deps: string[] } } {
  const { plan } = current;
  const to = current.redirects.get(urlPath);
  if (to !== undefined) return { result: { status: 301, body: '', type: typeOf('.txt'), location: to } };
  const name = urlPath.replace(/^\//, '');
  const file = fileForPath(urlPath);
  const byFile = (current.byFile ??= new Map(plan.routes.map((r) => [r.file, r])));
  // A page is answered without planning the other files (no route shares a file with one: routes.ts).
  const own = byFile.get(file);
  if (!own) {
    current.files ??= planFiles(site, plan, { statics: assets.statics, backendUrl: assets.backendUrl, files: assets.files }, locate);
    const extra = HOST_FILES.has(name) ? undefined : current.files.get(name);
    if (extra !== undefined) return { result: { status: 200, body: extra, type: typeOf(name) } };
    if (site.search && (urlPath.startsWith('/search/') || urlPath.startsWith('/assets/search/'))) {
      const json = (current.search ??= search()).get(name);
      return { result: json === undefined ? null : { status: 200, body: json, type: typeOf(name) } };
    }
  }
  const route = own ?? byFile.get('404.html');
  if (!route) return { result: null };
  const ctx = { content: plan.content.collections, routes: plan.routes, siteUrl: plan.siteUrl, asset: assetUrl(assets.statics), image: imageLookup(images) };
  const csp = planCsp(site, plan, assets.backendUrl).meta;
  const entry = route.entry as EntryMeta | undefined;
  // The template gets a copy of its route whose entry carries the rendered body, as in a build.
  const withBody: Route = entry ? { ...route, entry: { ...entry, ...body(entry) } as Route['entry'] } : route;
  const social = socialUrl?.(route);
  const page = renderPage(site, withBody, ctx, { stylesheet: assets.stylesheet, scripts: assets.scripts, csp, ...(social ? { socialImages: { [route.path]: social } } : {}) });
  if (assets.islands) checkIslands([{ url: route.path, islands: scanFragment(page.html).islands }], assets.islands, plan.routes);
  const entryFile = route === own ? entry?.file : undefined;
  return { result: { status: route === own ? 200 : 404, body: page.html, type: typeOf(file), ...(entryFile ? { entry: entryFile } : {}) }, page: { path: route.path, deps: page.deps } };
}
