/**
 * `site build --shard i/n`: one slice of a build split across machines. It reads the whole content and
 * plans the whole site as a build does (every page needs the route table, the lists and the assets'
 * names), renders only the routes of its slice (shardOf.ts) and makes only the images and social images
 * those routes own (shardOwns.ts; the variants of other shards' images are named without encoding them), and writes them into its output folder with a manifest (shardManifest.ts) for the
 * merge. The site-wide files (assets, sitemap, feed, search index, redirects) and the checks are the
 * merge's. The folder is filled and swapped in as a build's output is: a failed shard leaves the previous
 * one in place.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contentHash as bytesHash } from '../core/contentHash.ts';
import type { SiteOptions } from '../config.ts';
import { OutputDir } from '../output/writeOutput.ts';
import { assetsStage, startAssets } from '../pipeline/assetsStage.ts';
import { pagesKey } from '../pipeline/buildKey.ts';
import { BuildRun } from '../pipeline/BuildRun.ts';
import { openBuild } from '../pipeline/openBuild.ts';
import { readContent } from '../pipeline/readContent.ts';
import { planSite } from '../plan/planSite.ts';
import { locateRedirect } from '../redirects/locateRedirect.ts';
import { CONFIG_FILE } from '../site/loadSite.ts';
import { makeSocialImages, NO_SOCIAL_IMAGES, placeSocialImages, setupSocialImages } from '../social/socialImageStage.ts';
import { imageStage, placeImage } from '../stages/imageStage.ts';
import { renderPages } from '../stages/renderPages.ts';
import { planImages } from './planImages.ts';
import { ownImages, ownSocialImages } from './shardOwns.ts';
import { contentHash, configHash } from './shardKeys.ts';
import { engineVersion, MANIFEST_FORMAT, SHARD_MANIFEST, type ShardFile, type ShardManifest } from './shardManifest.ts';
import { shardOf, type Shard } from './shardOf.ts';
import { shardSearchWords } from './shardSearchWords.ts';

export interface ShardResult {
  shard: Shard;
  /** The site's pages, and this shard's. */
  pages: { site: number; shard: number };
  counts: ShardManifest['counts'];
  /** Files written besides the pages (content images, social images). */
  files: number;
  ms: number;
  stages: Record<string, number>;
}

export async function shardBuild(options: SiteOptions, shard: Shard): Promise<ShardResult> {
  const run = new BuildRun();
  const ctx = await run.stage('config', () => openBuild({ ...options, write: true }));
  const { config, site, cache, pool, progress } = ctx;
  let drawing: ReturnType<typeof makeSocialImages> | null = null;
  try {
    const assetsStarted = startAssets(ctx, run);
    const read = await run.stage('content', () => readContent(ctx));
    run.writing(read.save());
    const locate = locateRedirect(config.contentDir, path.join(config.root, CONFIG_FILE));
    const plan = await run.stage('routes', () => planSite({ site, content: read.content, publish: config, siteUrl: config.siteUrl, locate }));
    const mine = plan.routes.filter((r) => shardOf(r.path, shard.count) === shard.index);
    // Each shard encodes its own images; a page that shows another shard's image links its variants, named from the source's bytes.
    const owned = ownImages(plan, shard);
    const images = await run.stage('images', () => imageStage({ contentDir: config.contentDir, cache, refs: owned.mine, options: site.images, links: ctx.links }));
    run.writing(images.saved);
    const others = await planImages(owned.others, config.contentDir, site.images);
    const imageManifest = Object.fromEntries(Object.entries({ ...images.manifest, ...others }).sort(([a], [b]) => a.localeCompare(b)));
    const generatorKey = await ctx.generatorKey;
    const social = await run.stage('social', () => setupSocialImages(site, plan.routes, plan.meta, config, config.socialImages, { cache, codeKey: generatorKey }));
    const ownSocial = social ? ownSocialImages(social, shard) : null;
    if (social && ownSocial) {
      drawing = makeSocialImages(ownSocial, cache);
      run.writing(social.save());
    }
    const assets = await run.stage('assets', () => assetsStage(ctx, assetsStarted, plan));
    const out = (run.out = await OutputDir.open(config.outDir, { keep: config.keep }));
    const imageFiles = images.files;
    for (const { file, from } of imageFiles) placeImage(from, out.pathFor(file));

    const globalKey = pagesKey(generatorKey, config, plan.siteUrl, { assets: assets.page, social: social?.key ?? NO_SOCIAL_IMAGES });
    const pageAssets = social ? { ...assets.page, socialImages: social.plan.urls } : assets.page;
    const rendered = await run.stage('render', () =>
      renderPages({ config, cache, pool, site, content: plan.content, routes: mine, siteUrl: plan.siteUrl, assets: pageAssets, globalKey, out, memory: run.memory, progress, images: imageManifest }),
    );
    run.writing(rendered.saved);
    const search = await run.stage('search', () =>
      shardSearchWords({ search: site.search, collections: plan.content.collections, lists: Object.fromEntries(ctx.lists), contentDir: config.contentDir, pages: rendered.list, cache, key: generatorKey, render: ctx.render }),
    );
    run.writing(search.saved);
    const placed = await run.stage('socialImages', async () => {
      if (!ownSocial || !drawing) return null;
      const counts = await drawing.ready;
      const where = placeSocialImages(ownSocial, drawing.store, out, run.memory);
      run.writing(drawing.store.save());
      return { counts, files: [...where.files.keys()] };
    });

    const files: ShardFile[] = [...imageFiles.map((f) => f.file), ...(placed?.files ?? [])].map((file) => {
      const bytes = readFileSync(out.pathFor(file));
      return { file, bytes: bytes.byteLength, sha: bytesHash(bytes) };
    });
    const manifest: ShardManifest = {
      format: MANIFEST_FORMAT,
      engine: engineVersion(),
      shard,
      contentHash: contentHash(read.content, ctx.lists.map(([name]) => name), plan),
      configHash: configHash({ generatorKey, siteUrl: plan.siteUrl, assets: assets.page, drafts: config.drafts, future: config.future, socialImages: !!social }),
      pages: rendered.list.map((p) => ({ path: p.path, file: p.file, hash: p.hash, bytes: p.bytes, summary: p.summary, ...(search.words.has(p.path) ? { search: search.words.get(p.path) } : {}) })),
      files,
      counts: {
        rendered: rendered.list.length - rendered.cached,
        cached: rendered.cached,
        images: { encoded: images.encoded, cached: images.cached },
        social: placed?.counts ?? null,
      },
    };
    await run.stage('write', async () => {
      out.write(SHARD_MANIFEST, JSON.stringify(manifest));
      await run.writesDone();
      await out.commit();
      run.out = null;
    });
    return { shard, pages: { site: plan.routes.length, shard: mine.length }, counts: manifest.counts, files: files.length, ms: Math.round(performance.now() - run.started), stages: run.stages };
  } finally {
    progress.done();
    drawing?.stop();
    await drawing?.ready.catch(() => {});
    await run.writesSettled();
    await pool.close();
    await run.abort();
  }
}
