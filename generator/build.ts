/**
 * The build pipeline as named stages, in order:
 *   config -> content -> images -> routes -> social -> assets -> render (+ extras) -> search -> budgets -> checks -> socialImages -> write
 * Content images (generator/images/) are encoded in `images`, before the routes. The social images
 * (generator/social/) are named in `social`, before any page renders, made while the pages render, and
 * awaited and linked into the output in `socialImages`.
 * The extras (sitemap, feed, robots.txt, _headers) and the article packs of
 * the build cache are made by the main thread while the workers start on
 * their first pages: main-thread time is the scarce kind.
 * Each stage is a plain function of the previous stages' values. The two
 * that scale with the site live in generator/stages/: readArticles (the
 * articles of the content stage) and renderPages (the render stage). Both
 * work through the build cache (generator/cache/: an unchanged article is
 * not read again, an unchanged page not rendered again) and the shards
 * (generator/shards/: this thread, plus a worker per further core for big
 * sites).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { resolveConfig, type ResolvedConfig, type SiteOptions } from './config.ts';
import { listCollections, loadFixedContent, type ContentSnapshot } from './content/load.ts';
import type { Route } from './site/defineConfig.ts';
import { loadSite, siteRenderer, CONFIG_FILE } from './site/loadSite.ts';
import { staticFiles } from './assets/staticFiles.ts';
import type { WidgetBundle } from './assets/bundleWidgets.ts';
import { cachedCss, cachedWidgets } from './assets/cachedAssets.ts';
import { checkBudgets, type JsReport } from './assets/checkBudgets.ts';
import { runChecks } from './checks/runChecks.ts';
import { linksToRedirects } from './checks/checkPages.ts';
import { checkPageWeight } from './checks/checkPageWeight.ts';
import { locateRedirect } from './redirects/locateRedirect.ts';
import { OutputDir, type OutputFiles } from './writeOutput.ts';
import { OUTPUT_MARKER } from './outputMarker.ts';
import { guardOutDir } from './guardOutDir.ts';
import { BuildCache } from './cache/BuildCache.ts';
import { hashParts } from './cache/contentHash.ts';
import { laterSourceKey, sourceKey, treeKey } from './cache/sourceKey.ts';
import {
  isFileList,
  fileListInput,
  articleListHash,
  contentStamps,
  outputStamps,
  recordKey,
  upToDateReport,
  writeBuildRecord,
  type BuildReport,
} from './cache/buildRecord.ts';
import { ShardPool } from './shards/ShardPool.ts';
import type { RenderAssets } from './shards/ShardState.ts';
import { readEntries } from './stages/readEntries.ts';
import { linkPolicy } from './content/contentLinks.ts';
import { renderPages } from './stages/renderPages.ts';
import { searchIndexStage } from './search/searchIndexStage.ts';
import { progressLine } from './progress.ts';
import { layerOff } from './speedLayers.cjs';
import { makeSocialImages, NO_SOCIAL_IMAGES, placeSocialImages, setupSocialImages } from './social/socialImageStage.ts';
import type { HeldBack } from './content/selectPublished.ts';
import { planSite } from './plan/planSite.ts';
import { planCsp, planFiles } from './plan/planFiles.ts';
import { imageStage, placeImage } from './images/imageStage.ts';

export interface BuiltPage {
  url: string;
  file: string;
  /** The page's HTML: only with write: false (a written build keeps pages on disk, not in memory). */
  html?: string;
}

export interface BuildResult {
  config: ResolvedConfig;
  /** List entries carry metadata only (html "", no headings, 0 words): shards render each body right before its page. */
  content: ContentSnapshot;
  routes: Route[];
  pages: BuiltPage[];
  /** With write: false, every output file; with write: true, every file but the pages and the social images. */
  files: OutputFiles;
  widgets: WidgetBundle;
  js: JsReport;
  /** The list entries left out: drafts (without `drafts`) and entries dated after the build (without `future`). */
  held: HeldBack;
  stats: {
    pages: number;
    files: number;
    bytes: number;
    ms: number;
    stages: Record<string, number>;
    /** List entries parsed vs taken from the cache, pages rendered vs taken from the cache. */
    cache: { entries: { parsed: number; cached: number }; pages: { rendered: number; cached: number } };
    workers: number;
    /** The search index's body words: from pages rendered now, from the cache, or rendered for the index alone. */
    search: { rendered: number; cached: number; here: number };
    /** Content images: encoded now, or taken from the cache. */
    images: { encoded: number; cached: number };
    /** Social images made and taken from the cache; 'off' with `--no-social-images`; absent for a site without them. */
    social?: { made: number; cached: number } | 'off';
  };
}

/** In order; extras happen during render (the main thread makes them while the workers render). */
export const stageNames = ['config', 'content', 'images', 'routes', 'social', 'assets', 'render', 'extras', 'search', 'budgets', 'checks', 'socialImages', 'write'] as const;

export async function build(options: SiteOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const stages: Record<string, number> = {};
  const stage = async <T>(name: (typeof stageNames)[number], fn: () => T | Promise<T>): Promise<T> => {
    const t = performance.now();
    const value = await fn();
    stages[name] = Math.round(performance.now() - t);
    return value;
  };

  const { config, site, render } = await stage('config', async () => {
    const resolved = resolveConfig('build', options);
    // Before anything is written (the cache, the output's temporary folder): the output folder must be one a build may replace.
    if (resolved.write) guardOutDir(resolved);
    const site = await loadSite(resolved.root);
    return { config: resolved, site, render: await siteRenderer(site) };
  });
  const lists = listCollections(site.collections);
  // What the content's symbolic links may lead to (content/contentLinks.ts).
  const links = linkPolicy(config.root, config.contentDir, site.followSymlinks === true);
  // For the build record (cache/buildRecord.ts): the inputs' stamps and the widgets' key before anything is read.
  const record = config.write && !layerOff('buildRecord')
    ? { started: Date.now(), stamps: contentStamps(config.contentDir, site.collections), widgetsKey: treeKey([config.widgetsDir]) }
    : null;
  const progress = config.progress ? progressLine() : progressLine({ isTTY: false } as NodeJS.WriteStream);
  const cache = BuildCache.open(config.cacheDir, { read: config.readCache });
  const generatorKey = laterSourceKey(siteSources(config));
  const pool = new ShardPool(site, render, config.root, config.log);
  const memory: OutputFiles = new Map();
  let out: OutputDir | null = null;
  const emit = (file: string, data: string | Uint8Array) => (out ? out.write(file, data) : memory.set(file, data));
  let bytes = 0;
  let fileCount = 0;
  /** The build cache's packs being written off this thread: awaited before the output goes in place. */
  const cacheWrites: Promise<void>[] = [];
  const writing = (p: Promise<void>) => {
    p.catch(() => {}); // awaited in the write stage; a failing check before it must not leave it unhandled
    cacheWrites.push(p);
  };

  let drawing: ReturnType<typeof makeSocialImages> | null = null;
  try {
    // Assets do not depend on content: esbuild and lightningcss work while the articles are read.
    const assetsPromise = Promise.all([
      cachedCss(cache, generatorKey, config.stylesEntry, site.markdown?.highlight !== false),
      staticFiles(config.staticDir),
      cachedWidgets(cache, generatorKey, { widgetsDir: config.widgetsDir, backend: config.backend }),
    ]);
    assetsPromise.catch(() => {});
    // They write the cache's asset packs: a build that fails before it needs them (a content error) still
    // waits for them, so nothing is written into the cache after build() has settled.
    cacheWrites.push(assetsPromise.then(() => {}, () => {}));

    const { content, parsed, saveArticles, listed } = await stage('content', async () => {
      // In parallel; when several fail, the lists' first error is reported (the same one every time).
      const readLists = async () => {
        const read = [];
        for (const [name, list] of lists) read.push(await readEntries({ name, list, config, cache, pool, generatorKey, progress, links }));
        return read;
      };
      const [entries, fixed] = await Promise.allSettled([readLists(), loadFixedContent(config.contentDir, site.collections, render, links)]);
      if (entries.status === 'rejected') throw entries.reason;
      if (fixed.status === 'rejected') throw fixed.reason;
      const content = fixed.value;
      lists.forEach(([name], i) => (content.collections[name] = entries.value[i]!.entries));
      return {
        content,
        parsed: entries.value.reduce((n, r) => n + r.parsed, 0),
        saveArticles: () => Promise.all(entries.value.map((r) => r.save())).then(() => {}),
        listed: entries.value,
      };
    });
    // Drafts and entries dated later are left out here, before the site's routes and files see the lists.
    const locate = locateRedirect(config.contentDir, path.join(config.root, CONFIG_FILE));
    const plan = await stage('routes', () => planSite({ site, content, publish: config, siteUrl: config.siteUrl, locate }));
    const { routes, redirects, held, due, siteUrl } = plan;
    const images = await stage('images', async () => {
      const result = await imageStage({ contentDir: config.contentDir, cache, refs: plan.images, options: site.images, links });
      writing(result.saved);
      for (const w of result.warnings) config.log(`Warning: ${w}.`);
      return result;
    });
    const entryCount = listed.reduce((n, r) => n + r.entries.length, 0);
    // Each page names its own image by its card's key; the images are made while the pages render.
    const social = await stage('social', async () =>
      setupSocialImages(site, routes, plan.meta, config, config.socialImages, { cache, codeKey: await generatorKey }),
    );
    if (social) {
      drawing = makeSocialImages(social, cache);
      writing(social.save());
    }

    warnAboutConfig(config);
    const assets = await stage('assets', async () => {
      // Each is optional: no stylesheet without templates/styles/main.css, no script without widgets/.
      const [css, statics, widgets] = await assetsPromise;
      const files: OutputFiles = new Map(css ? [[css.file, css.code]] : []);
      for (const { file, bytes } of statics.files.values()) files.set(file, bytes);
      for (const [file, bytes] of widgets.files) files.set(file, bytes);
      // Only the widgets talk to the backend: a site without them may not connect to it.
      const backendUrl = widgets.loader ? config.backend?.url : undefined;
      const page: RenderAssets = {
        stylesheet: css ? `/${css.file}` : '',
        scripts: widgets.loader ? [widgets.loader] : [],
        csp: planCsp(site, plan, backendUrl).meta,
        statics: statics.urls,
      };
      return { files, widgets, page, backendUrl };
    });
    if (config.write) out = await OutputDir.open(config.outDir, { keep: config.keep });
    for (const [file, data] of assets.files) emit(file, data);
    for (const { file, from } of images.files) {
      if (out) placeImage(from, out.pathFor(file));
      else memory.set(file, readFileSync(from));
    }

    // Everything a page's HTML can depend on besides its route and the content it reads.
    const globalKey = hashParts([await generatorKey, JSON.stringify({ mode: config.mode, siteUrl, assets: assets.page, social: social?.key ?? NO_SOCIAL_IMAGES })]);

    let extras: OutputFiles = new Map();
    const alongside = () => {
      writing(saveArticles());
      const t = performance.now();
      extras = planFiles(site, plan, { statics: assets.page.statics, backendUrl: assets.backendUrl, files: assets.files.keys() }, locate);
      for (const [file, data] of extras) emit(file, data);
      stages.extras = Math.round(performance.now() - t);
    };
    const rendered = await stage('render', () =>
      renderPages({
        config,
        cache,
        pool,
        site,
        content: plan.content,
        routes,
        siteUrl,
        // Not part of the global key: each page's key covers its own image (its route's card data, the templates).
        assets: social ? { ...assets.page, socialImages: social.plan.urls } : assets.page,
        globalKey,
        out,
        memory,
        progress,
        alongside,
        images: images.manifest,
      }),
    );
    writing(rendered.saved);
    const search = await stage('search', async () =>
      searchIndexStage({
        search: site.search,
        collections: plan.content.collections,
        lists: Object.fromEntries(lists),
        routes,
        contentDir: config.contentDir,
        rendered: rendered.list,
        cache,
        key: await generatorKey,
        render,
      }),
    );
    writing(search.saved);
    for (const [file, data] of search.files) emit(file, data);

    const summaries = rendered.list.map((p) => p.summary);
    const js = await stage('budgets', () => {
      const report = checkBudgets(assets.widgets, summaries, routes, site.budgets);
      checkPageWeight(rendered.list, site.budgets?.pageBytes);
      return report;
    });

    const others: OutputFiles = new Map([...assets.files, ...extras, ...search.files]);
    const socialFiles = social?.plan.images.map((i) => i.file) ?? [];
    const redirected = Object.fromEntries(redirects.map((r) => [r.from, r.to]));
    await stage('checks', () => {
      runChecks({
        pages: summaries,
        files: [...rendered.list.map((p) => p.file), ...others.keys(), ...images.files.map((f) => f.file), ...socialFiles],
        sitemapXml: String(extras.get('sitemap.xml')),
        siteUrl,
        redirects: redirected,
      });
      const warnings = linksToRedirects({ pages: summaries, redirects: redirected });
      for (const w of warnings.slice(0, 20)) config.log(`Warning: ${w}.`);
      if (warnings.length > 20) config.log(`Warning: … and ${warnings.length - 20} more links to redirected paths.`);
    });

    // The images still being made when the checks are done are awaited here, then linked into the output.
    const placed = await stage('socialImages', async () => {
      if (!social || !drawing) return null;
      const counts = await drawing.ready;
      const where = placeSocialImages(social, drawing.store, out, memory);
      writing(drawing.store.save());
      return { counts, ...where };
    });
    const socialReport = placed ? placed.counts : site.socialImages && !config.socialImages ? ('off' as const) : undefined;

    for (const data of others.values()) bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    for (const p of rendered.list) bytes += p.bytes;
    for (const f of images.files) bytes += f.bytes;
    bytes += placed?.bytes ?? 0;
    fileCount = others.size + rendered.list.length + images.files.length + (placed?.files.size ?? 0);
    const cacheStats = {
      entries: { parsed, cached: entryCount - parsed },
      pages: { rendered: rendered.list.length - rendered.cached, cached: rendered.cached },
    };
    const imageStats = { encoded: images.encoded, cached: images.cached };

    // The cache's packs first (written meanwhile, off this thread); then the output goes in place. A big
    // previous output is deleted in the background: the new one is in place either way. Last, the build
    // record: what this build read and left, for the next `site build` to find nothing changed.
    await stage('write', async () => {
      await Promise.all(cacheWrites);
      if (!out) return;
      await out.commit({ background: routes.length >= 1000 });
      out = null;
      if (!record) return;
      const pageStamps = new Map<string, string>();
      for (const p of rendered.list) if (p.written) pageStamps.set(p.file, p.written);
      for (const [file, stamp] of placed?.files ?? []) if (stamp) pageStamps.set(file, stamp);
      const heldBack = held.drafts.length || held.scheduled.length ? { held } : {};
      const report: BuildReport = {
        pages: rendered.list.length,
        files: fileCount,
        bytes,
        cache: cacheStats,
        workers: pool.workerCount,
        js,
        ...heldBack,
        ...(images.inputs.length ? { images: imageStats } : {}),
        ...(socialReport ? { social: socialReport } : {}),
      };
      writeBuildRecord(cache, {
        key: recordKey(await generatorKey, record.widgetsKey, config),
        started: record.started,
        // Once the first entry dated later is due, a build would show it (or drop its marker): not up to date.
        releases: due,
        inputs: [
          ...[...record.stamps].map(([rel, stamp]): [string, string, string] => [
            rel,
            stamp,
            isFileList(rel) ? articleListHash(listed[lists.findIndex(([, l]) => fileListInput(l) === rel)]!.files) : (content.hashes[rel] ?? ''),
          ]),
          ...listed.flatMap((r) => [...r.stamps].map(([file, { stamp, hash }]): [string, string, string] => [file, stamp, hash])),
          ...images.inputs,
        ],
        outputs: outputStamps(config.outDir, [...rendered.list.map((p) => p.file), ...others.keys(), ...images.files.map((f) => f.file), ...(placed?.files.keys() ?? []), OUTPUT_MARKER], pageStamps),
        report,
      });
    });

    return {
      config,
      content: plan.content,
      routes,
      pages: rendered.list.map((p) => ({ url: p.path, file: p.file, ...(config.write ? {} : { html: p.html ?? String(memory.get(p.file)) }) })),
      files: config.write ? others : memory,
      widgets: assets.widgets,
      js,
      held,
      stats: {
        pages: rendered.list.length,
        files: fileCount,
        bytes,
        ms: Math.round(performance.now() - started),
        stages,
        cache: cacheStats,
        workers: pool.workerCount,
        search: search.words,
        images: imageStats,
        ...(socialReport ? { social: socialReport } : {}),
      },
    };
  } finally {
    progress.done();
    // A build that fails makes no more images, and lets those under way finish (no stray temporary file).
    drawing?.stop();
    await drawing?.ready.catch(() => {});
    // A build that fails still finishes writing its cache packs (no stray temporary file).
    await Promise.allSettled(cacheWrites);
    await pool.close();
    await out?.abort();
  }
}

/** What build() says about its options before it starts (the same whether it builds or finds it up to date). */
function warnAboutConfig(config: ResolvedConfig): void {
  // Only a site with a backend (a supabase/ folder) whose widgets talk to it needs the settings.
  if (!config.backend && config.mode === 'build' && existsSync(config.widgetsDir) && existsSync(config.supabaseDir)) {
    config.log('Warning: no backend settings (SITE_SUPABASE_URL, SITE_SUPABASE_ANON_KEY): forms will show their error message instead of sending.');
  }
}

/**
 * The last build's report when a build now would leave exactly the output in place (generator/cache/
 * buildRecord.ts): nothing to do. Else null: run build(). Only for a written build that reads the cache.
 * Throws as build() does for an output folder a build may not replace (guardOutDir.ts).
 */
export function upToDate(options: SiteOptions = {}): BuildReport | null {
  const config = resolveConfig('build', options);
  if (!config.write || !config.readCache || layerOff('buildRecord')) return null;
  // A folder the build would refuse is refused here already, before the cache folder is made.
  guardOutDir(config);
  const key = () => recordKey(sourceKey(siteSources(config)), treeKey([config.widgetsDir]), config);
  const report = upToDateReport(BuildCache.open(config.cacheDir, { read: true }), config, key);
  if (report) warnAboutConfig(config);
  return report;
}

/** The site's own code besides its content and widgets: its templates folder and its config file. */
function siteSources(config: ResolvedConfig): { dirs: string[]; files: string[] } {
  return { dirs: [config.templatesDir], files: [path.join(config.root, CONFIG_FILE)] };
}
