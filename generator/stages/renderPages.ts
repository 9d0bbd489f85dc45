/**
 * The render stage's work: every page from the build cache when its key still
 * matches (a hard link into the output folder, or, written in place, the
 * previous output's page when it is that link; no page data read), the
 * rest rendered by the shards. Writes the pages pack: per route, its key,
 * the content files it read, its hash and its check summary.
 */
import type { BuildCache } from '../cache/BuildCache.ts';
import { Pack } from '../cache/Pack.ts';
import { hashParts } from '../core/contentHash.ts';
import { allEntries, depHasher, pageKey, routeDigester } from '../render/pageKey.ts';
import type { ResolvedConfig } from '../config.ts';
import { listCollections, type ContentSnapshot } from '../content/load.ts';
import type { Progress } from '../core/progress.ts';
import type { PageSummary } from '../checks/summarizePage.ts';
import { shareStrings, stringTable } from '../checks/sharedStrings.ts';
import type { Entry, Route } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import { ShardPool } from '../shards/ShardPool.ts';
import type { RenderAssets } from '../shards/ShardState.ts';
import type { BuiltPage } from './pageAnalysers.ts';
import type { OutputDir, OutputFiles } from '../output/writeOutput.ts';
import type { ImageManifest } from '../images/imageTypes.ts';

/** What the cache remembers of a page between builds. */
interface PageEntry {
  key: string;
  deps: string[];
  hash: string;
  /** BuildCache.pageStamp when the page was stored or last verified. */
  stamp?: string;
  bytes: number;
  summary: PageSummary;
}

export interface RenderPagesInput {
  config: ResolvedConfig;
  cache: BuildCache;
  pool: ShardPool;
  site: AnySite;
  content: ContentSnapshot;
  /** The plan's route table: what every page's `useSite().routes` is. */
  routes: Route[];
  /** The routes whose pages this build makes (a shard's slice); default: every route. */
  only?: Route[];
  siteUrl: string;
  assets: RenderAssets;
  /** Everything a page's HTML can depend on besides its route and the content it reads. */
  globalKey: string;
  /** The output folder being filled, or null to keep pages in `memory` (write: false). */
  out: OutputDir | null;
  memory: OutputFiles;
  progress: Progress;
  /** Main-thread work that needs no page: done once the workers have their first pages to render. */
  alongside?: () => void | Promise<void>;
  /** The content images' variants (the image stage's manifest). */
  images?: ImageManifest;
  /** The article components' source hashes (content/components/componentHashes.ts). */
  components?: Record<string, string>;
}

/**
 * The pages pack's format, part of its key: a pack (or delta) of another format is ignored, never misread.
 * pages/2: each summary's ids and links as strings (pages/1 numbered them into one table of strings).
 */
const PACK_FORMAT = 'pages/2';

/**
 * Every route's page, in route order; `cached`: how many came from the cache; `saved`: settles when the
 * pages pack is written (it is written off this thread, while the build runs its checks).
 */
export async function renderPages(input: RenderPagesInput): Promise<{ list: BuiltPage[]; cached: number; saved: Promise<void> }> {
  const { config, cache, pool, site, content, routes: planned, siteUrl, assets, globalKey, out, memory, progress, alongside, images = {}, components = {} } = input;
  const routes = input.only ?? planned;
  // With what changed since the pack was written, when few pages did (its delta, written in place of a new pack below).
  const pack = Pack.open<PageEntry>(cache, 'pages', hashParts([PACK_FORMAT, globalKey]), { deltas: true });
  const entries = allEntries(content, site.collections);
  const digest = routeDigester(entries);
  const hashOf = depHasher(content, site.collections, planned, digest, images, components);
  const pages = new Map<string, BuiltPage>();
  const misses: Route[] = [];
  const hits: { route: Route; entry: PageEntry; summary: PageSummary }[] = [];
  for (const route of routes) {
    const entry = pack.get(route.path);
    const summary = entry && entry.key === pageKey(globalKey, digest(route), entry.deps, hashOf) ? validSummary(entry.summary) : null;
    if (!entry || !summary) misses.push(route);
    else hits.push({ route, entry, summary });
  }
  for (const { route, entry, summary } of hits) {
    if (out) {
      // Written in place: the previous output's page is the stored one, unchanged; nothing to do.
      if (out.holds(route.file, entry.stamp)) {
        pages.set(route.path, { path: route.path, file: route.file, ...entry, summary, written: entry.stamp });
        continue;
      }
      // Folders for the pages placed here; the shards make those of the pages they write.
      const placed = cache.placePage(entry.hash, entry.stamp, out.pathFor(route.file));
      if (placed === null) misses.push(route);
      else pages.set(route.path, { path: route.path, file: route.file, ...entry, summary, stamp: placed.stamp, ...(placed.linked ? { written: placed.stamp } : {}) });
      continue;
    }
    const bytes = cache.readPage(entry.hash);
    if (!bytes) misses.push(route);
    else {
      const html = bytes.toString('utf8');
      memory.set(route.file, html);
      pages.set(route.path, { path: route.path, file: route.file, ...entry, summary, html });
    }
  }
  const cached = pages.size;
  if (config.write) await pool.useWorkers(ShardPool.workersFor(misses.length, config.workers), entries.length);
  // Fresh pages go into the new pack as they arrive, serialized and encoded while the workers still
  // render: the pack is not all left for the end, when this thread alone is busy and joining and
  // encoding all of its JSON at once would hold the build up.
  const packed = new Map<string, Buffer>();
  const table = stringTable();
  const remember = ({ path, key, deps, hash, stamp, bytes, summary }: BuiltPage): Buffer => {
    const entry: PageEntry = { key, deps, hash, stamp, bytes, summary };
    // `"path":{entry},`: the pack is "{", every route's piece in route order (the last without its comma), "}".
    const piece = Buffer.from(`${JSON.stringify(path)}:${JSON.stringify(entry)},`);
    packed.set(path, piece);
    return piece;
  };
  // Nothing to render (a warm build): no job for the shards at all. The lists travel without bodies, and
  // the plan's route table with them (its entries are the lists' own objects: one copy in the message).
  const lists = listCollections(site.collections).map(([name]) => name);
  const job = misses.length
    ? {
        content: { ...content, collections: Object.fromEntries(Object.entries(content.collections).filter(([name]) => !lists.includes(name))) },
        lists: Object.fromEntries(lists.map((name) => [name, content.collections[name] as Entry[]])),
        routes: planned,
        siteUrl,
        assets,
        globalKey,
        outDir: out?.tmp ?? null,
        cacheDir: config.cacheDir,
        images,
        components,
      }
    : null;
  // pool.render hands the workers their first pages before it returns; this thread's own wait a tick.
  const rendering = job
    ? pool.render<BuiltPage>(
        job,
        misses,
        (batch, n) => {
          for (const page of batch) {
            // Kept until the checks: the strings every page repeats are held once.
            shareStrings(table, page);
            remember(page);
          }
          progress.update('Rendering pages', cached + n, routes.length);
        },
        { content, routes: planned },
      )
    : Promise.resolve([]);
  try {
    await alongside?.();
  } finally {
    // A failure alongside still lets the render settle before it is thrown (no stray page writes).
    await rendering.catch(() => {});
  }
  const fresh = await rendering;
  progress.done();
  // Every page is rendered: the workers stop now, so their heaps are gone before the search index and the checks.
  await pool.close();
  for (const p of fresh) {
    pages.set(p.path, p);
    if (!out) memory.set(p.file, p.html!);
  }
  // Remember every page, including those a failing check below will reject: they rendered correctly.
  // The pages whose entry is not the pack's as it stands: rendered now, restamped, or from its delta.
  const changes = routes.map((r) => pages.get(r.path)!).filter((p) => {
    const stored = pack.stored(p.path);
    return !stored || pack.inDelta(p.path) || stored.key !== p.key || stored.hash !== p.hash || stored.stamp !== p.stamp;
  });
  let saved = Promise.resolve();
  if (changes.length || pack.storedSize !== routes.length) {
    // A few pages of thousands go into the delta (replacing the last one), the pack staying as it is; else
    // the JSON of { [route path]: PageEntry }, in route order, from the entries' own pieces.
    const delta = () => Object.fromEntries(changes.map(({ path, key, deps, hash, stamp, bytes, summary }) => [path, { key, deps, hash, stamp, bytes, summary }]));
    const pieces = () => {
      const all = routes.map((r) => packed.get(r.path) ?? remember(pages.get(r.path)!));
      if (all.length) all[all.length - 1] = all.at(-1)!.subarray(0, -1);
      return all;
    };
    saved = Promise.all([pack.saveChanges(changes.length, delta, routes.length, pieces), cache.prunePages(new Set(routes.map((r) => pages.get(r.path)!.hash)))]).then(() => {});
  }
  return { list: routes.map((r) => pages.get(r.path)!), cached, saved };
}

/** A summary from the pack or its delta, if it has the shape of one (a pack that does not add up renders the page again). */
const validSummary = (s: PageSummary): PageSummary | null => (s && Array.isArray(s.ids) && Array.isArray(s.refs) ? s : null);
