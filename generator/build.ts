/**
 * `site build`: the pipeline as named stages (pipeline/BuildRun.ts lists them), each a function of the
 * previous stages' values:
 *   config -> content -> routes (the plan) -> images -> social -> assets -> render (+ extras) -> search
 *   -> budgets -> checks -> socialImages -> write
 * The plan (plan/planSite.ts) is the one `site dev` serves too. The assets start first and build while
 * the content is read; the extras (plan/planFiles.ts) are made by this thread while the shards render
 * their first pages; the social images are drawn while the pages render.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { JsReport } from './assets/checkBudgets.ts';
import type { WidgetBundle } from './assets/bundleWidgets.ts';
import { BuildCache } from './cache/BuildCache.ts';
import { upToDateReport, type BuildReport } from './cache/buildRecord.ts';
import { sourceKey, treeKey } from './cache/sourceKey.ts';
import { resolveConfig, type ResolvedConfig, type SiteOptions } from './config.ts';
import type { ContentSnapshot } from './content/load.ts';
import type { HeldBack } from './content/selectPublished.ts';
import { guardOutDir } from './output/guardOutDir.ts';
import { imageStage, placeImage } from './stages/imageStage.ts';
import { planFiles } from './plan/planFiles.ts';
import { planSite } from './plan/planSite.ts';
import { pluginsBuildDone } from './plugins/pluginHooks.ts';
import { locateRedirect } from './redirects/locateRedirect.ts';
import { searchIndexStage } from './search/searchIndexStage.ts';
import type { Route } from './site/defineConfig.ts';
import { CONFIG_FILE } from './site/loadSite.ts';
import { makeSocialImages, NO_SOCIAL_IMAGES, placeSocialImages, setupSocialImages } from './social/socialImageStage.ts';
import { layerOff } from './core/speedLayers.cjs';
import { renderPages } from './stages/renderPages.ts';
import { OutputDir, type OutputFiles } from './output/writeOutput.ts';
import { assetsStage, startAssets } from './pipeline/assetsStage.ts';
import { componentHashes } from './cache/componentHashes.ts';
import { pagesKey, recordKey, recordSources, siteSources } from './pipeline/buildKey.ts';
import { buildReport } from './pipeline/buildReport.ts';
import { BuildRun } from './pipeline/BuildRun.ts';
import { budgetsStage, checksStage } from './pipeline/checkOutput.ts';
import { commitBuild } from './pipeline/commitBuild.ts';
import { openBuild } from './pipeline/openBuild.ts';
import { readContent } from './pipeline/readContent.ts';
import { warnAboutConfig } from './pipeline/warnAboutConfig.ts';

export { stageNames } from './pipeline/BuildRun.ts';

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
  stats: Omit<BuildReport, 'held' | 'js' | 'images'> & {
    ms: number;
    stages: Record<string, number>;
    /** The search index's body words: from pages rendered now, from the cache, or rendered for the index alone. */
    search: { rendered: number; cached: number; here: number };
    /** Content images: encoded now, or taken from the cache. */
    images: { encoded: number; cached: number };
  };
}

export async function build(options: SiteOptions = {}): Promise<BuildResult> {
  const run = new BuildRun();
  const ctx = await run.stage('config', () => openBuild(options));
  const { config, site, cache, pool, progress } = ctx;
  let drawing: ReturnType<typeof makeSocialImages> | null = null;
  try {
    const assetsStarted = startAssets(ctx, run);
    const read = await run.stage('content', () => readContent(ctx));
    // Drafts and entries dated later are left out here, before the site's routes and files see the lists.
    const locate = locateRedirect(config.contentDir, path.join(config.root, CONFIG_FILE));
    const plan = await run.stage('routes', () => planSite({ site, content: read.content, publish: config, siteUrl: config.siteUrl, locate }));
    const images = await run.stage('images', async () => {
      const result = await imageStage({ contentDir: config.contentDir, cache, refs: plan.images, options: site.images, links: ctx.links });
      run.writing(result.saved);
      for (const w of result.warnings) config.log(`Warning: ${w}.`);
      return result;
    });
    const generatorKey = await ctx.generatorKey;
    // Each page names its own image by its card's key; the images are made while the pages render.
    const social = await run.stage('social', () => setupSocialImages(site, plan.routes, plan.meta, config, config.socialImages, { cache, codeKey: generatorKey }));
    if (social) {
      drawing = makeSocialImages(social, cache);
      run.writing(social.save());
    }
    warnAboutConfig(config);
    const assets = await run.stage('assets', () => assetsStage(ctx, assetsStarted, plan));
    if (config.write) run.out = await OutputDir.open(config.outDir, { keep: config.keep });
    for (const [file, data] of assets.files) run.emit(file, data);
    for (const { file, from } of images.files) {
      if (run.out) placeImage(from, run.out.pathFor(file));
      else run.memory.set(file, readFileSync(from));
    }

    let extras: OutputFiles = new Map();
    // This thread's work while the shards render their first pages.
    const alongside = () => {
      run.writing(read.save());
      const t = performance.now();
      extras = planFiles(site, plan, { statics: assets.page.statics, backendUrl: assets.backendUrl, files: assets.files.keys() }, locate);
      for (const [file, data] of extras) run.emit(file, data);
      run.stages.extras = Math.round(performance.now() - t);
    };
    const globalKey = pagesKey(generatorKey, config, plan.siteUrl, { assets: assets.page, social: social?.key ?? NO_SOCIAL_IMAGES });
    // The social images' URLs are not part of the global key: each page's key covers its own image (its route's card data, the templates).
    const pageAssets = social ? { ...assets.page, socialImages: social.plan.urls } : assets.page;
    const { routes, siteUrl } = plan;
    const rendered = await run.stage('render', () =>
      renderPages({ config, cache, pool, site, content: plan.content, routes, siteUrl, assets: pageAssets, globalKey, out: run.out, memory: run.memory, progress, alongside, images: images.manifest, components: componentHashes(config.root, Object.keys(site.markdown?.components ?? {})) }),
    );
    run.writing(rendered.saved);
    const search = await run.stage('search', () =>
      searchIndexStage({ search: site.search, collections: plan.content.collections, lists: Object.fromEntries(ctx.lists), routes, contentDir: config.contentDir, rendered: rendered.list, cache, key: generatorKey, render: ctx.render, i18n: site.i18n }),
    );
    run.writing(search.saved);
    for (const [file, data] of search.files) run.emit(file, data);

    const js = await run.stage('budgets', () => budgetsStage(site, assets.widgets, rendered.list, routes, config.log));
    const others: OutputFiles = new Map([...assets.files, ...extras, ...search.files]);
    const imageFiles = images.files.map((f) => f.file);
    const socialFiles = social?.plan.images.map((i) => i.file) ?? [];
    await run.stage('checks', () =>
      checksStage(config, site, { pages: rendered.list, files: [...others.keys(), ...imageFiles, ...socialFiles], sitemapXml: String(extras.get('sitemap.xml')), siteUrl, redirects: plan.redirects }),
    );
    // The images still being made when the checks are done are awaited here, then linked into the output.
    const placed = await run.stage('socialImages', async () => {
      if (!social || !drawing) return null;
      const counts = await drawing.ready;
      const where = placeSocialImages(social, drawing.store, run.out, run.memory);
      run.writing(drawing.store.save());
      return { counts, ...where };
    });

    const report = buildReport({
      pages: rendered.list,
      cachedPages: rendered.cached,
      others,
      images: { files: images.files, encoded: images.encoded, cached: images.cached, named: images.inputs.length },
      social: placed,
      socialOff: !!site.socialImages && !config.socialImages,
      entries: { total: read.listed.reduce((n, r) => n + r.entries.length, 0), parsed: read.parsed },
      workers: pool.workerCount,
      js,
      held: plan.held,
    });
    const stamps = new Map<string, string>();
    for (const p of rendered.list) if (p.written) stamps.set(p.file, p.written);
    for (const [file, stamp] of placed?.files ?? []) if (stamp) stamps.set(file, stamp);
    const files = [...rendered.list.map((p) => p.file), ...others.keys(), ...imageFiles, ...(placed?.files.keys() ?? [])];
    await run.stage('write', () => commitBuild(ctx, run, read, plan, { files, stamps, images: images.inputs }, report));
    if (config.write) await pluginsBuildDone(site, { outDir: config.outDir, pages: rendered.list.map((p) => ({ url: p.path, file: p.file })), files: files.slice(rendered.list.length) });

    const { held: _held, js: _js, images: _images, ...counts } = report;
    return {
      config,
      content: plan.content,
      routes,
      pages: rendered.list.map((p) => ({ url: p.path, file: p.file, ...(config.write ? {} : { html: p.html ?? String(run.memory.get(p.file)) }) })),
      files: config.write ? others : run.memory,
      widgets: assets.widgets,
      js,
      held: plan.held,
      stats: { ...counts, ms: Math.round(performance.now() - run.started), stages: run.stages, search: search.words, images: { encoded: images.encoded, cached: images.cached } },
    };
  } finally {
    progress.done();
    // A build that fails makes no more images, and lets those under way finish (no stray temporary file).
    drawing?.stop();
    await drawing?.ready.catch(() => {});
    await run.writesSettled();
    await pool.close();
    await run.abort();
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
  const key = () => recordKey(sourceKey(siteSources(config)), treeKey(recordSources(config)), config);
  const report = upToDateReport(BuildCache.open(config.cacheDir, { read: true }), config, key);
  if (report) warnAboutConfig(config);
  return report;
}
