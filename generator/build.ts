/**
 * The build pipeline as named stages, in order:
 *   config -> content -> routes -> assets -> render -> budgets -> extras -> checks -> write
 * Each stage is a plain function of the previous stages' values. Articles
 * are parsed and pages rendered by shards (generator/shards/: this thread
 * for small sites, one worker per core for big ones), and both go through
 * the build cache (generator/cache/): an unchanged article is not parsed
 * again and an unchanged page not rendered again.
 */
import path from 'node:path';
import { checkSiteUrl, resolveConfig, type ResolvedConfig, type SiteOptions } from './config.ts';
import { listPostFiles, loadSiteContent, sortPosts, withoutBody, type Content, type PostMeta } from './content/load.ts';
import { buildRoutes, type Route } from './routes.ts';
import { staticFiles } from './assets/staticFiles.ts';
import type { WidgetBundle } from './assets/bundleWidgets.ts';
import { cachedCss, cachedWidgets } from './assets/cachedAssets.ts';
import { checkBudgets, type JsReport } from './assets/checkBudgets.ts';
import { extraFiles } from './seo/extraFiles.ts';
import { contentSecurityPolicy } from './security/contentSecurityPolicy.ts';
import { headersFile } from './security/headersFile.ts';
import { runChecks } from './checks/runChecks.ts';
import { OutputDir, type OutputFiles } from './writeOutput.ts';
import { BuildCache } from './cache/BuildCache.ts';
import { hashParts } from './cache/contentHash.ts';
import { readSource, readSources, type SourceRef } from './cache/readSources.ts';
import { depHasher, pageKey, routeDigest } from './cache/pageKey.ts';
import { sourceKey } from './cache/sourceKey.ts';
import { ShardPool } from './shards/ShardPool.ts';
import type { RenderAssets, RenderedPage, SourceFile } from './shards/ShardState.ts';
import { packSummary, unpackSummary, type PackedSummary } from './cache/packedSummary.ts';
import { progressLine } from './progress.ts';

export interface BuiltPage {
  url: string;
  file: string;
  /** The page's HTML: only with write: false (a written build keeps pages on disk, not in memory). */
  html?: string;
}

export interface BuildResult {
  config: ResolvedConfig;
  /** Articles carry metadata only (html "", no headings, 0 words): shards render each body right before its page. */
  content: Content;
  routes: Route[];
  pages: BuiltPage[];
  /** With write: false, every output file; with write: true, every file but the pages. */
  files: OutputFiles;
  widgets: WidgetBundle;
  js: JsReport;
  stats: {
    pages: number;
    files: number;
    bytes: number;
    ms: number;
    stages: Record<string, number>;
    /** Articles parsed vs taken from the cache, pages rendered vs taken from the cache. */
    cache: { posts: { parsed: number; cached: number }; pages: { rendered: number; cached: number } };
    workers: number;
  };
}

export const stageNames = ['config', 'content', 'routes', 'assets', 'render', 'budgets', 'extras', 'checks', 'write'] as const;

/** What the cache remembers of a page between builds. */
interface PageEntry {
  key: string;
  deps: string[];
  hash: string;
  /** BuildCache.pageStamp when the page was stored or last verified. */
  stamp?: string;
  bytes: number;
  summary: PackedSummary;
}

/** An article in the posts pack: its path and content hash (the same text under another name is another article). */
const postKey = (file: string, hash: string) => `${file} ${hash}`;


export async function build(options: SiteOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const stages: Record<string, number> = {};
  const stage = async <T>(name: (typeof stageNames)[number], fn: () => T | Promise<T>): Promise<T> => {
    const t = performance.now();
    const value = await fn();
    stages[name] = Math.round(performance.now() - t);
    return value;
  };

  const config = await stage('config', () => resolveConfig('build', options));
  const progress = config.progress ? progressLine() : progressLine({ isTTY: false } as NodeJS.WriteStream);
  const cache = BuildCache.open(config.cacheDir, { read: config.readCache });
  const generatorKey = sourceKey([config.templatesDir]);
  const pool = new ShardPool(config.log);
  const memory: OutputFiles = new Map();
  let out: OutputDir | null = null;
  const emit = (file: string, data: string | Uint8Array) => (out ? out.write(file, data) : memory.set(file, data));
  let bytes = 0;
  let fileCount = 0;

  try {
    // Assets do not depend on content: esbuild and lightningcss work while the articles are read.
    const assetsPromise = generatorKey.then((key) =>
      Promise.all([
        cachedCss(cache, key, config.stylesEntry),
        staticFiles(config.staticDir),
        cachedWidgets(cache, key, { widgetsDir: config.widgetsDir, backend: config.backend }),
      ]),
    );
    assetsPromise.catch(() => {});

    const { content, parsed } = await stage('content', async () => {
      const files = await listPostFiles(config.contentDir);
      // A big site with no article index yet is a cold build: the workers start now, while this thread reads.
      const speculative =
        config.write && !cache.hasPack('posts') ? pool.useWorkers(ShardPool.workersFor(files.length, config.workers), files.length) : undefined;
      const site = await loadSiteContent(config.contentDir);
      const blogDir = path.join(config.contentDir, 'blog');
      const knownStamps = cache.readPack<string>('sources', await generatorKey);
      const { sources, stamps } = readSources(blogDir, files, knownStamps);
      const known = cache.readPack<PostMeta>('posts', await generatorKey);
      const keyOf = (s: SourceRef) => postKey(`blog/${s.file}`, s.hash);
      const missing: SourceFile[] = sources
        .filter((s) => !known[keyOf(s)])
        .map((s) => ({ file: s.file, hash: s.hash, source: readSource(blogDir, s) }));
      await speculative;
      if (config.write) await pool.useWorkers(ShardPool.workersFor(missing.length, config.workers), files.length);
      const fresh = await pool.parse(missing, (n) => progress.update('Reading articles', n, missing.length));
      const metas = new Map<string, PostMeta>(fresh.map((m) => [postKey(m.file, m.hash), m]));
      const posts = sources.map((s) => metas.get(keyOf(s)) ?? known[keyOf(s)]!);
      if (Object.keys(stamps).some((f) => f !== '@written' && stamps[f] !== knownStamps[f]) || Object.keys(stamps).length !== Object.keys(knownStamps).length) {
        cache.writePack('sources', await generatorKey, stamps);
      }
      // Rewritten only when it changed: a new or edited article, or one gone.
      if (missing.length || Object.keys(known).length !== posts.length) {
        cache.writePack('posts', await generatorKey, Object.fromEntries(posts.map((p) => [postKey(p.file, p.hash), p])));
      }
      // Bodies stay in the shards; the route table and lists need metadata only.
      const content: Content = { ...site, posts: sortPosts(posts.map(withoutBody)) };
      return { content, parsed: missing.length };
    });
    const siteUrl = config.siteUrl ?? checkSiteUrl(content.site.url);
    const routes = await stage('routes', () => buildRoutes(content));

    if (!config.backend && config.mode === 'build') {
      config.log('Warning: no backend settings (SITE_SUPABASE_URL, SITE_SUPABASE_ANON_KEY): forms will show their error message instead of sending.');
    }
    const assets = await stage('assets', async () => {
      const [css, statics, widgets] = await assetsPromise;
      const files: OutputFiles = new Map([[css.file, css.code]]);
      for (const { file, bytes } of statics.files.values()) files.set(file, bytes);
      for (const [file, bytes] of widgets.files) files.set(file, bytes);
      const csp = contentSecurityPolicy({ backendUrl: config.backend?.url, videoUrl: content.site.demoVideoUrl }, 'meta');
      const page: RenderAssets = {
        stylesheet: `/${css.file}`,
        scripts: [widgets.loader],
        csp,
        // Sorted: the files are read in parallel, and the global key must not depend on which finished first.
        statics: Object.fromEntries([...statics.files].map(([name, { file }]) => [name, `/${file}`]).sort(([a], [b]) => a.localeCompare(b))),
      };
      return { files, widgets, page };
    });
    if (config.write) out = await OutputDir.open(config.outDir);
    for (const [file, data] of assets.files) emit(file, data);

    // Everything a page's HTML can depend on besides its route and the content it reads.
    const globalKey = hashParts([await generatorKey, JSON.stringify({ mode: config.mode, siteUrl, assets: assets.page })]);

    const rendered = await stage('render', async () => {
      out?.prepare(routes.map((r) => r.file));
      const index = cache.readPack<PageEntry>('pages', globalKey);
      const hashOf = depHasher(content, routes);
      const pages = new Map<string, RenderedPage>();
      const misses: Route[] = [];
      for (const route of routes) {
        const entry = index[route.path];
        if (!entry || entry.key !== pageKey(globalKey, routeDigest(route), entry.deps, hashOf)) {
          misses.push(route);
          continue;
        }
        if (out) {
          const stamp = cache.placePage(entry.hash, entry.stamp, out.pathOf(route.file));
          if (stamp === null) misses.push(route);
          else pages.set(route.path, { path: route.path, file: route.file, ...entry, summary: unpackSummary(entry.summary), stamp });
          continue;
        }
        const bytes = cache.readPage(entry.hash);
        if (!bytes) misses.push(route);
        else {
          const html = bytes.toString('utf8');
          memory.set(route.file, html);
          pages.set(route.path, { path: route.path, file: route.file, ...entry, summary: unpackSummary(entry.summary), html });
        }
      }
      const cached = pages.size;
      if (config.write) await pool.useWorkers(ShardPool.workersFor(misses.length, config.workers), content.posts.length);
      const { posts, ...site } = content;
      const job = {
        site,
        posts: posts.map(({ html: _h, headings: _s, words: _w, ...meta }) => meta),
        siteUrl,
        assets: assets.page,
        globalKey,
        outDir: out?.tmp ?? null,
        cacheDir: config.cacheDir,
      };
      const fresh = await pool.render(job, misses, (n) => progress.update('Rendering pages', cached + n, routes.length), { content, routes });
      progress.done();
      for (const p of fresh) {
        pages.set(p.path, p);
        if (!out) memory.set(p.file, p.html!);
      }
      // Remember every page, including those a failing check below will reject: they rendered correctly.
      const restamped = [...pages.values()].some((p) => p.stamp !== index[p.path]?.stamp);
      if (fresh.length || restamped || Object.keys(index).length !== routes.length) {
        const entries: Record<string, PageEntry> = {};
        for (const r of routes) {
          const { key, deps, hash, stamp, bytes, summary } = pages.get(r.path)!;
          entries[r.path] = { key, deps, hash, stamp, bytes, summary: packSummary(summary) };
        }
        cache.writePack('pages', globalKey, entries);
        cache.prunePages(new Set(Object.values(entries).map((e) => e.hash)));
      }
      return { list: routes.map((r) => pages.get(r.path)!), cached };
    });

    const summaries = rendered.list.map((p) => p.summary);
    const js = await stage('budgets', () => checkBudgets(assets.widgets, summaries, routes));

    const extras = await stage('extras', () => {
      const files: OutputFiles = new Map(Object.entries(extraFiles(content, routes, siteUrl)));
      files.set('_headers', headersFile(contentSecurityPolicy({ backendUrl: config.backend?.url, videoUrl: content.site.demoVideoUrl })));
      for (const [file, data] of files) emit(file, data);
      return files;
    });

    const others: OutputFiles = new Map([...assets.files, ...extras]);
    await stage('checks', () =>
      runChecks({
        pages: summaries,
        files: [...rendered.list.map((p) => p.file), ...others.keys()],
        sitemapXml: String(extras.get('sitemap.xml')),
        siteUrl,
      }),
    );

    // A big previous output is deleted in the background: the new one is in place either way.
    await stage('write', () => out?.commit({ background: routes.length >= 1000 }));
    out = null;

    for (const data of others.values()) bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    for (const p of rendered.list) bytes += p.bytes;
    fileCount = others.size + rendered.list.length;
    return {
      config,
      content,
      routes,
      pages: rendered.list.map((p) => ({ url: p.path, file: p.file, ...(config.write ? {} : { html: p.html ?? String(memory.get(p.file)) }) })),
      files: config.write ? others : memory,
      widgets: assets.widgets,
      js,
      stats: {
        pages: rendered.list.length,
        files: fileCount,
        bytes,
        ms: Math.round(performance.now() - started),
        stages,
        cache: {
          posts: { parsed, cached: content.posts.length - parsed },
          pages: { rendered: rendered.list.length - rendered.cached, cached: rendered.cached },
        },
        workers: pool.workerCount,
      },
    };
  } finally {
    progress.done();
    await pool.close();
    await out?.abort();
  }
}
