/**
 * The site's plan: from the content as read to what a build writes and `site dev` serves. Which list
 * entries are shown and which held back, the site's meta and URL, the route table, the redirects and the
 * content images wanted. `site build` and `site dev` both call it, so both show the same pages. Pure.
 */
import { checkSiteUrl } from '../config.ts';
import { listCollections, type ContentSnapshot } from '../content/load.ts';
import { earliestDue, mergeHeld, selectPublished, type HeldBack, type PublishOptions } from '../content/selectPublished.ts';
import { namedImages, type NamedImage } from '../images/namedImages.ts';
import { redirectTable, type LocateRedirect, type Redirect } from '../redirects/redirectTable.ts';
import { assertDistinctFiles } from '../routes.ts';
import type { Entry, Route, SiteMeta } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import { checkMeta } from '../site/checkMeta.ts';
import { localizeCollections } from '../i18n/localizeCollections.ts';
import { linkTranslations } from '../i18n/linkTranslations.ts';

export interface PlanInput {
  site: AnySite;
  /** The content as read: every entry of each list collection, drafts and later ones included. */
  content: ContentSnapshot;
  /** Drafts and entries dated later: shown (marked) or held back. `site dev` shows both. */
  publish: PublishOptions;
  /** `--site-url`: over the site meta's url. */
  siteUrl?: string;
  /** Finds the line of a redirect's declaration, for its errors. */
  locate?: LocateRedirect;
}

export interface SitePlan {
  /** The content as pages see it: the list collections hold the entries shown. */
  content: ContentSnapshot;
  held: HeldBack;
  /**
   * The entries shown only as previews (drafts with `--drafts`, entries dated later with `--future`):
   * their pages are noindex, and the sitemap, feed and other files leave them out (publishedOnly.ts).
   */
  previews: string[];
  /** The earliest moment an entry dated later is due: from then on the plan differs. */
  due?: number;
  meta: SiteMeta;
  siteUrl: string;
  routes: Route[];
  redirects: Redirect[];
  /** Every content image the shown content names, with the first file that names it. */
  images: NamedImage[];
}

export function planSite({ site, content, publish, siteUrl, locate }: PlanInput): SitePlan {
  const lists = listCollections(site.collections);
  const published = lists.map(([name, list]) => selectPublished(list, content.collections[name] as Entry[], publish));
  let collections = { ...content.collections };
  lists.forEach(([name], i) => (collections[name] = published[i]!.entries));
  if (site.i18n) collections = localizeCollections(site.i18n, site.collections, collections);
  const shown: ContentSnapshot = { ...content, collections };
  const meta = checkMeta(site.meta(collections));
  const previews = lists.flatMap(([name]) => (collections[name] as Entry[]).filter((e) => e.draft === true || e.scheduled !== undefined).map((e) => e.file));
  const listed = noindexPreviews(site.routes(collections) as Route[], new Set(previews));
  const routes = site.i18n ? linkTranslations(site.i18n, listed) : listed;
  assertDistinctFiles(routes);
  const images = namedImages([
    ...Object.entries(content.images ?? {}).map(([file, refs]) => ({ file, refs })),
    ...lists.flatMap(([name]) => (collections[name] as Entry[]).map((e) => ({ file: e.file, refs: e.imageRefs }))),
  ]);
  const due = earliestDue(published.map((p) => p.due));
  return {
    content: shown,
    held: mergeHeld(published.map((p) => p.held)),
    previews,
    ...(due === undefined ? {} : { due }),
    meta,
    siteUrl: siteUrl ?? checkSiteUrl(meta.url),
    routes,
    redirects: redirectTable(routes, site.redirects, locate),
    images,
  };
}

/** The routes, those of a preview entry made noindex (a draft shown by --drafts is not for search engines). */
const noindexPreviews = (routes: Route[], previews: Set<string>): Route[] =>
  previews.size === 0 ? routes : routes.map((r) => (r.entry && previews.has(r.entry.file) && r.indexable ? { ...r, indexable: false } : r));
