/**
 * The work of one shard of the build, the same in the main thread and in a
 * worker: read the front matter of a share of the articles (the route
 * table needs every article's), keeping their markdown; then render
 * pages batch by batch (an article's markdown right before its page; an
 * article another shard read is read again),
 * hand each to the job's page analysers (pageAnalyser.ts), write it into the
 * output folder and the cache, and return what the main thread needs: key,
 * dependencies, hash, and the analysers' results.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BuildCache } from '../cache/BuildCache.ts';
import { chunksHash, contentHash } from '../core/contentHash.ts';
import { readSourceFile, type Stamps } from '../cache/readSources.ts';
import { allEntries, depHasher, pageKey, routeDigester } from '../render/pageKey.ts';
import { entryBody, listCollections, listOf, parseEntryMeta, type ContentSnapshot } from '../content/load.ts';
import { imageLookup } from '../images/imageLookup.ts';
import type { ImageManifest } from '../images/imageTypes.ts';
import type { MarkdownResult, RenderMarkdown } from '../content/markdown.ts';
import type { Entry, EntryMeta, ListCollection, RenderContext, Route } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';

import { assetUrl } from '../assets/staticFiles.ts';
import { SiteError } from '../core/errors.ts';
import { renderPageParts, type PageAssets } from '../render/renderPage.tsx';
import { fragmentDeps, joinParts, partBytes, SharedFragments } from '../render/SharedFragments.tsx';
import { collectionDeps, trackReads } from '../render/trackReads.ts';
import { componentDep, componentsOfFiles } from '../content/components/componentHashes.ts';
import { outputPath } from '../output/writeOutput.ts';
import { layerOff } from '../core/speedLayers.cjs';
import { analyse, noFeatures, type PageAnalyser, type ShardFeatures } from './pageAnalyser.ts';

/** One entry to parse: its file name inside its collection's folder, and its text and content hash when the caller read it already. */
export interface SourceFile {
  file: string;
  source?: string;
  hash?: string;
}

/** Entries' metadata, and the stamps entries (readSources) of those read here. */
export interface Parsed {
  metas: EntryMeta[];
  stamps: Stamps;
}

export interface RenderAssets extends PageAssets {
  /** templates/static file name -> its hashed URL. */
  statics: Record<string, string>;
}

export interface RenderJob {
  /** The file and record collections. */
  content: ContentSnapshot;
  /** Every entry of each list collection, its body empty (html "", no headings, 0 words), in order. */
  lists: Record<string, Entry[]>;
  /** The plan's route table (plan/planSite.ts): a shard never plans the site again. */
  routes: Route[];
  siteUrl: string;
  assets: RenderAssets;
  globalKey: string;
  /** Folder to write pages into (each page's subfolder is made as it is written), or null to return the HTML instead. */
  outDir: string | null;
  /** Cache folder to store the pages in, or null. */
  cacheDir: string | null;
  /** The content images' variants (the image stage's manifest); none without. */
  images?: ImageManifest;
  /** The page analysers to run on every page, by name (ShardFeatures.analyser); none without. */
  analysers?: string[];
  /** The article components' source hashes, by dependency name (content/components/componentHashes.ts); none without. */
  components?: Record<string, string>;
}

/** How a shard holds the articles it read: a build's keeps each body until its page renders; a server's reads it again then. */
export interface ShardOptions {
  /** Keep each article's markdown from its parse until its page renders. Default: true. */
  keepBodies?: boolean;
  /**
   * An article whose file no longer hashes to what was parsed: true (a build) fails with
   * ContentChangedDuringBuild; false (a server) renders the file as it is now. Default: true.
   */
  strict?: boolean;
}

export interface Prepared {
  content: ContentSnapshot;
  routes: Route[];
}

export interface RenderedPage {
  path: string;
  file: string;
  key: string;
  /** Content files the page read (trackReads), sorted. */
  deps: string[];
  /** SHA-256 of the HTML: the page's name in the cache. */
  hash: string;
  /** BuildCache.pageStamp of the stored page, when the cache stored it. */
  stamp?: string;
  /** The stamp of the page's file in the output, when known (the build record's). */
  written?: string;
  bytes: number;
  /** Only when the job has no outDir. */
  html?: string;
}

/** What open() prepares for renderBatch(). */
interface Session {
  job: RenderJob;
  byPath: Map<string, Route>;
  hashOf: (dep: string) => string;
  digest: (route: Route) => string;
  /** Without a cache folder, a cache that stores nothing (BuildCache.open(null)). */
  cache: BuildCache;
  ctx: RenderContext;
  shared: SharedFragments;
  analysers: PageAnalyser[];
  /** The components each markdown file of the file and record collections places (componentsOfFiles). */
  placedIn: Map<string, string[]>;
}

export class ShardState {
  private readonly render: RenderMarkdown;
  private readonly deps: ReturnType<typeof collectionDeps>;
  /** The list collections (an entry's file starts with its folder). */
  private readonly lists: ListCollection[];

  /** `render`: the site's markdown renderer (siteRenderer); `features`: the build's page analysers, by name. */
  constructor(
    private readonly site: AnySite,
    render: RenderMarkdown,
    private readonly features: ShardFeatures = noFeatures,
    private readonly options: ShardOptions = {},
  ) {
    this.render = render;
    this.deps = collectionDeps(site.collections);
    this.lists = listCollections(site.collections).map(([, c]) => c);
  }

  /** Markdown of the entries this shard read, by file (blog/x.md), and the file's line of its first line, until their pages render. */
  private bodies = new Map<string, { body: string; line: number }>();
  /** Output folders this shard has made (thousands of articles share blog/). */
  private folders = new Set<string>();
  /** Articles' markdown rendered ahead (renderAhead), by file, until their pages render. */
  private ahead = new Map<string, MarkdownResult>();
  /** Files read here whose markdown is not rendered ahead yet, in the order read; `next` is the first. */
  private toRender: string[] = [];
  private next = 0;
  private session?: Session;

  /** Entries of the list collection `name`; those that come without their text are read from the content folder. */
  parse(contentDir: string, name: string, sources: SourceFile[]): Parsed {
    const list = this.site.collections[name] as ListCollection;
    const dir = path.join(contentDir, list.dir);
    const stamps: Stamps = {};
    const metas = sources.map((s) => {
      let { source, hash } = s;
      if (source === undefined) {
        const read = readSourceFile(dir, s.file);
        ({ source, hash } = read);
        stamps[s.file] = read.entry;
      }
      // A body that may hold images is rendered now, for the images it names: its page uses it later.
      const { meta, body, rendered, bodyLine } = parseEntryMeta(list, s.file, source, hash, this.render);
      if (this.options.keepBodies === false) return meta;
      this.bodies.set(meta.file, { body, line: bodyLine });
      if (rendered) this.ahead.set(meta.file, rendered);
      else this.toRender.push(meta.file);
      return meta;
    });
    return { metas, stamps };
  }

  /** An entry's markdown and its first line in the file: read here earlier, or read now (its metadata came from the cache). */
  private body(dir: string, entry: EntryMeta): { body: string; line: number } {
    const kept = this.bodies.get(entry.file);
    if (kept !== undefined) return kept;
    const source = readFileSync(path.join(dir, entry.file), 'utf8');
    const hash = contentHash(source);
    if (hash !== entry.hash && this.options.strict !== false) throw new SiteError('ContentChangedDuringBuild', { file: entry.file });
    const list = listOf(this.lists, entry.file)!;
    const { body, at } = entryBody(list, entry.file.slice(list.dir.length + 1), source);
    return { body, line: at.line };
  }

  /**
   * Renders the markdown of up to `count` articles read here, for their pages to use later: work for a
   * worker that has read its share and waits for the render job (the main thread still reads its own
   * share, then builds the route table). Nothing once the job is open. Returns whether any are left.
   */
  renderAhead(count: number): boolean {
    if (this.session) return false;
    for (let end = Math.min(this.toRender.length, this.next + count); this.next < end; this.next++) {
      const file = this.toRender[this.next]!;
      const kept = this.bodies.get(file);
      if (kept !== undefined) this.ahead.set(file, this.render(kept.body, { file, line: kept.line }));
    }
    return this.next < this.toRender.length;
  }

  /** An entry's rendered markdown: rendered ahead, or now. */
  private markdown(dir: string, entry: EntryMeta): MarkdownResult {
    const ready = this.ahead.get(entry.file);
    if (ready) {
      this.ahead.delete(entry.file);
      return ready;
    }
    const { body, line } = this.body(dir, entry);
    return this.render(body, { file: entry.file, line });
  }

  /**
   * Gets ready to render any page of `job` (renderBatch), in any order, in as many batches as the caller
   * likes. `prepared`: the caller's own content and route table, when it runs in this thread and has them
   * already (they are read, never changed: a page's template gets a copy of its route with the article's body).
   */
  open(job: RenderJob, prepared?: Prepared): void {
    const content: ContentSnapshot = prepared?.content ?? {
      ...job.content,
      collections: { ...job.content.collections, ...job.lists },
    };
    const routes = prepared?.routes ?? job.routes;
    const ctx: RenderContext = {
      content: content.collections,
      routes,
      siteUrl: job.siteUrl,
      asset: assetUrl(job.assets.statics),
      image: imageLookup(job.images ?? {}),
    };
    const digest = routeDigester(allEntries(content, this.site.collections));
    this.folders.clear();
    this.session = {
      // The lists and routes are in the render context now: not kept twice for the whole render.
      job: { ...job, lists: {}, routes: [] },
      byPath: new Map(routes.map((r) => [r.path, r])),
      hashOf: depHasher(content, this.site.collections, routes, digest, job.images, job.components),
      digest,
      cache: BuildCache.open(job.cacheDir, { read: false }),
      ctx,
      // The navigation, footer and related-article cards: rendered once for all of this shard's pages.
      shared: new SharedFragments(ctx, this.deps, this.features.fragmentRules),
      analysers: (job.analysers ?? []).map((name) => this.features.analyser(name)),
      placedIn: componentsOfFiles(content.collections),
    };
  }

  /** Renders some pages of the job open(): the markdown of the batch first, then its pages, so each library's code stays hot in turn. */
  renderBatch(paths: string[]): RenderedPage[] {
    const session = this.session;
    if (!session) throw new Error('renderBatch() before open()');
    const batch = paths.map((p) => {
      const route = session.byPath.get(p);
      if (!route) throw new Error(`shard asked to render unknown route ${p}`);
      return route;
    });
    const bodies = batch.map((r) => r.entry && this.markdown(session.job.content.dir, r.entry));
    return batch.map((route, k) => this.renderOne(route, bodies[k], session));
  }

  private renderOne(route: Route, body: MarkdownResult | undefined, { job, ctx, shared, hashOf, digest, cache, analysers, placedIn }: Session): RenderedPage {
    const entry: Entry | undefined = route.entry;
    const { components, ...shown } = body ?? {};
    // The route table is never changed: the template gets a copy of the route whose entry carries its rendered body.
    const page: Route = entry && body ? { ...route, entry: { ...entry, ...shown } } : route;
    // The article components its text places are the page's dependencies, as the content it reads.
    const deps = new Set<string>(components?.map(componentDep));
    // Measuring shared fragments (speedLayers.cjs): each page renders its own, as `site dev` does.
    const fragments = layerOff('shared') ? new SharedFragments(ctx, this.deps, this.features.fragmentRules) : shared;
    const parts = renderPageParts(this.site, page, trackReads(ctx, this.deps, (d) => deps.add(d)), job.assets, fragments);
    for (const d of fragmentDeps(parts)) deps.add(d);
    // A markdown file the page read places components: the page depends on them too.
    if (placedIn.size) for (const d of [...deps]) for (const name of placedIn.get(d) ?? []) deps.add(componentDep(name));
    // While the body is still here: the job's page analysers.
    const analyses = analyse(analysers, { route, parts, ...(body ? { body } : {}) });
    // Bodies are needed once; dropping them keeps a shard's memory flat.
    if (entry) this.bodies.delete(entry.file);
    const sorted = [...deps].sort();
    let stamp: string | null;
    let written: string | undefined;
    let hash: string;
    let size = 0;
    let html: string | undefined;
    if (job.outDir) {
      // The page is never one string: its own markup is encoded, the fragments' bytes are shared, and the
      // pieces are hashed and written as they are (no page-sized string joined, then encoded, then dropped).
      const chunks = partBytes(parts);
      for (const c of chunks) size += c.byteLength;
      hash = chunksHash(chunks);
      // Each page's folder is made here, by the thread that writes it.
      const file = outputPath(job.outDir, route.file);
      const folder = path.dirname(file);
      if (!this.folders.has(folder)) {
        mkdirSync(folder, { recursive: true });
        this.folders.add(folder);
      }
      ({ stored: stamp, written } = cache.writeAndAdopt(hash, file, chunks));
    } else {
      html = joinParts(parts);
      // Encoded once, for the hash and the file.
      const bytes = Buffer.from(html);
      size = bytes.byteLength;
      hash = contentHash(bytes);
      cache.writePage(hash, bytes);
      stamp = cache.pageStamp(hash);
    }
    return {
      path: route.path,
      file: route.file,
      key: pageKey(job.globalKey, digest(route), sorted, hashOf),
      deps: sorted,
      ...analyses,
      hash,
      bytes: size,
      stamp: stamp ?? undefined,
      written,
      ...(html === undefined ? {} : { html }),
    };
  }
}

