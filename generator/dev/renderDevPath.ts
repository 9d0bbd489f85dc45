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
import { searchFiles } from '../search/searchFiles.ts';
import { fileForPath } from '../seo/absoluteUrl.ts';
import type { AnySite } from '../site/loadSite.ts';
import type { SocialSetup } from '../social/socialImageStage.ts';
import { types } from './contentTypes.ts';
import type { DevAssets, Rendered } from './workerProtocol.ts';

/** The plan of the content as last read, and what is made from it when first asked for. */
export interface DevPlan {
  plan: SitePlan;
  /** Old path -> its target. */
  redirects: Map<string, string>;
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
  social: SocialSetup | null;
  locate?: LocateRedirect;
}

/** The answer, and for a page the route it rendered and what it read (trackReads). */
export function renderDevPath(urlPath: string, { site, current, assets, images, social, locate }: DevPathInput): { result: Rendered; page?: { path: string; deps: string[] } } {
  const { plan } = current;
  const to = current.redirects.get(urlPath);
  if (to !== undefined) return { result: { status: 301, body: '', type: typeOf('.txt'), location: to } };
  const name = urlPath.replace(/^\//, '');
  current.files ??= planFiles(site, plan, { statics: assets.statics, backendUrl: assets.backendUrl, files: assets.files }, locate);
  const extra = HOST_FILES.has(name) ? undefined : current.files.get(name);
  if (extra !== undefined) return { result: { status: 200, body: extra, type: typeOf(name) } };
  if (site.search && (urlPath === '/search/index.json' || urlPath.startsWith('/assets/search/'))) {
    const json = (current.search ??= searchFiles(site.search, plan.content.collections, plan.routes, site.i18n)).get(name);
    return { result: json === undefined ? null : { status: 200, body: json, type: typeOf(name) } };
  }
  const file = fileForPath(urlPath);
  const route = plan.routes.find((r) => r.file === file) ?? plan.routes.find((r) => r.file === '404.html');
  if (!route) return { result: null };
  const ctx = { content: plan.content.collections, routes: plan.routes, siteUrl: plan.siteUrl, asset: assetUrl(assets.statics), image: imageLookup(images) };
  const csp = planCsp(site, plan, assets.backendUrl).meta;
  const page = renderPage(site, route, ctx, { stylesheet: assets.stylesheet, scripts: assets.scripts, csp, ...(social ? { socialImages: social.plan.urls } : {}) });
  if (assets.islands) checkIslands([{ url: route.path, islands: scanFragment(page.html).islands }], assets.islands, plan.routes);
  const entry = route.file === file ? (route.entry as { file?: string } | undefined)?.file : undefined;
  return { result: { status: route.file === file ? 200 : 404, body: page.html, type: typeOf(file), ...(entry ? { entry } : {}) }, page: { path: route.path, deps: page.deps } };
}
