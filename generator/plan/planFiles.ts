/**
 * The files of a plan besides its pages, once the assets are known: sitemap.xml, robots.txt and the
 * site's own files (a feed; previews left out: publishedOnly.ts), `_headers` with the Content-Security-Policy, `_redirects` and a page at
 * each old path; and the policy each page's <meta> carries. `site build` writes them and `site dev`
 * serves them. Pure.
 */
import { assetUrl } from '../assets/staticFiles.ts';
import { assertNoHiddenFiles, type LocateRedirect } from '../redirects/redirectTable.ts';
import { redirectFiles } from '../redirects/redirectFiles.ts';
import { contentSecurityPolicy } from '../security/contentSecurityPolicy.ts';
import { headersFile } from '../security/headersFile.ts';
import { extraFiles } from '../seo/extraFiles.ts';
import type { AnySite } from '../site/loadSite.ts';
import type { SitePlan } from './planSite.ts';
import { publishedOnly } from './publishedOnly.ts';

export interface PlanAssets {
  /** templates/static/ file name -> its hashed URL. */
  statics: Record<string, string>;
  /** The backend the widgets talk to (only a site with widgets connects to one). */
  backendUrl?: string | null;
  /** The asset files written (the stylesheet, static files, widget bundles): no redirect may hide one. */
  files?: Iterable<string>;
}

/** The site's Content-Security-Policy: as the `_headers` file sends it, and as each page's <meta> carries it (no frame-ancestors). */
export function planCsp(site: AnySite, plan: SitePlan, backendUrl?: string | null): { header: string; meta: string } {
  const input = { backendUrl, additions: site.csp?.(plan.content.collections) };
  return { header: contentSecurityPolicy(input), meta: contentSecurityPolicy(input, 'meta') };
}

/** Output file -> text, in the order a build writes them. */
export function planFiles(site: AnySite, plan: SitePlan, assets: PlanAssets, locate?: LocateRedirect): Map<string, string> {
  const { siteUrl, redirects, meta } = plan;
  const { collections, routes } = publishedOnly(plan);
  const files = new Map(Object.entries(extraFiles(site, collections, routes, siteUrl, assetUrl(assets.statics))));
  files.set('_headers', headersFile(planCsp(site, plan, assets.backendUrl).header));
  assertNoHiddenFiles(redirects, [...(assets.files ?? []), ...files.keys()], locate);
  for (const [file, text] of Object.entries(redirectFiles(redirects, siteUrl, meta.language))) files.set(file, text);
  return files;
}
