/**
 * `site build --merge <dirs…>`: the shards' folders joined into one output, and the steps that need the
 * whole site: the assets, the sitemap, the feed and the site's other files, redirects, the search index,
 * the budgets and every check, the plugins' hooks. The merge reads the content and plans the site itself
 * (the site's `files` hooks see the collections), renders nothing, and takes each page, content image
 * and social image from the shard that made it. The shards must be one split build of the content and
 * config the merge reads (checkShards.ts). The output is filled beside the previous one and swapped in
 * at the end: a merge that fails leaves the previous output in place.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JsReport } from '../assets/checkBudgets.ts';
import type { SiteOptions } from '../config.ts';
import { SiteError } from '../core/errors.ts';
import { OutputDir, type OutputFiles } from '../output/writeOutput.ts';
import { assetsStage, startAssets } from '../pipeline/assetsStage.ts';
import { BuildRun } from '../pipeline/BuildRun.ts';
import { budgetsStage, checksStage } from '../pipeline/checkOutput.ts';
import { openBuild } from '../pipeline/openBuild.ts';
import { readContent } from '../pipeline/readContent.ts';
import { planFiles } from '../plan/planFiles.ts';
import { planSite } from '../plan/planSite.ts';
import { pluginsBuildDone } from '../plugins/pluginHooks.ts';
import { locateRedirect } from '../redirects/locateRedirect.ts';
import { searchIndexStage } from '../search/searchIndexStage.ts';
import { CONFIG_FILE } from '../site/loadSite.ts';
import { checkShards, checkShardsMatch, type GivenShard } from './checkShards.ts';
import { joinShards } from './joinShards.ts';
import { contentHash, configHash } from './shardKeys.ts';
import { engineVersion, readShardManifest } from './shardManifest.ts';
import { verifyShardFolder } from './verifyShardFolder.ts';

/** Routes from which the previous output is deleted in the background (as commitBuild.ts does). */
const BIG_SITE = 1000;

export interface MergeResult {
  shards: number;
  pages: number;
  files: number;
  bytes: number;
  /** Over all shards: pages rendered and taken from their caches. */
  rendered: number;
  cached: number;
  js: JsReport;
  ms: number;
  stages: Record<string, number>;
}

const sizeOf = (data: string | Uint8Array) => (typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength);

export async function mergeShards(options: SiteOptions, dirs: readonly string[]): Promise<MergeResult> {
  const run = new BuildRun();
  const shards: GivenShard[] = dirs.map((dir) => ({ dir, manifest: readShardManifest(dir) }));
  checkShards(shards, engineVersion());
  // Each folder read whole before anything is written: a link in one, or a file it may not write, stops the merge.
  const folders = new Map(shards.map((s) => [s.dir, verifyShardFolder(s)]));
  const ctx = await run.stage('config', () => openBuild({ ...options, write: true }));
  const { config, site, pool, progress } = ctx;
  try {
    const assetsStarted = startAssets(ctx, run);
    const read = await run.stage('content', () => readContent(ctx));
    run.writing(read.save());
    const locate = locateRedirect(config.contentDir, path.join(config.root, CONFIG_FILE));
    const plan = await run.stage('routes', () => planSite({ site, content: read.content, publish: config, siteUrl: config.siteUrl, locate }));
    const generatorKey = await ctx.generatorKey;
    const assets = await run.stage('assets', () => assetsStage(ctx, assetsStarted, plan));
    checkShardsMatch(shards, {
      contentHash: contentHash(read.content, ctx.lists.map(([name]) => name), plan),
      configHash: configHash({ generatorKey, siteUrl: plan.siteUrl, assets: assets.page, drafts: config.drafts, future: config.future, socialImages: !!(config.socialImages && site.socialImages) }),
    });
    const { routes, siteUrl } = plan;
    const joined = joinShards(routes, shards);
    const out = (run.out = await OutputDir.open(config.outDir, { keep: config.keep }));
    for (const [file, data] of assets.files) run.emit(file, data);
    const extras = await run.stage('extras', () => planFiles(site, plan, { statics: assets.page.statics, backendUrl: assets.backendUrl, files: assets.files.keys() }, locate));
    for (const [file, data] of extras) run.emit(file, data);
    await run.stage('render', () => {
      // The bytes checked against the manifest are the bytes written: never a link to a shard's file.
      for (const p of joined.pages) writeFileSync(out.pathFor(p.file), folders.get(p.dir)!.read(p.file, { bytes: p.bytes, sha: p.hash }));
      for (const [file, f] of joined.files) writeFileSync(out.pathFor(file), folders.get(f.dir)!.read(file, f));
    });
    const pages = joined.pages;
    const search = await run.stage('search', () =>
      searchIndexStage({ search: site.search, collections: plan.content.collections, lists: Object.fromEntries(ctx.lists), routes, contentDir: config.contentDir, rendered: pages, cache: ctx.cache, key: generatorKey, render: ctx.render, i18n: site.i18n }),
    );
    run.writing(search.saved);
    for (const [file, data] of search.files) run.emit(file, data);
    const js = await run.stage('budgets', () => budgetsStage(site, assets.widgets, pages, routes));
    const others: OutputFiles = new Map([...assets.files, ...extras, ...search.files]);
    await run.stage('checks', () =>
      checksStage(config, site, { pages, files: [...others.keys(), ...joined.files.keys()], sitemapXml: String(extras.get('sitemap.xml')), siteUrl, redirects: plan.redirects }),
    );
    await run.stage('write', async () => {
      await run.writesDone();
      await out.commit({ background: routes.length >= BIG_SITE });
      run.out = null;
    });
    const files = [...others.keys(), ...joined.files.keys()];
    await pluginsBuildDone(site, { outDir: config.outDir, pages: pages.map((p) => ({ url: p.path, file: p.file })), files });
    let bytes = 0;
    for (const data of others.values()) bytes += sizeOf(data);
    for (const p of pages) bytes += p.bytes;
    for (const f of joined.files.values()) bytes += f.bytes;
    const sum = (pick: (s: GivenShard) => number) => shards.reduce((n, s) => n + pick(s), 0);
    return {
      shards: shards.length,
      pages: pages.length,
      files: pages.length + files.length,
      bytes,
      rendered: sum((s) => s.manifest.counts.rendered),
      cached: sum((s) => s.manifest.counts.cached),
      js,
      ms: Math.round(performance.now() - run.started),
      stages: run.stages,
    };
  } finally {
    progress.done();
    await run.writesSettled();
    await pool.close();
    await run.abort();
  }
}
