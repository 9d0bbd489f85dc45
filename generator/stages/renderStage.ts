/**
 * The render stage: the pages of the plan's routes (a shard's slice of them), from the build cache
 * where their keys still match, the rest rendered by the shards (renderPages.ts), this thread doing the
 * stages that run during it (a build's extras) while the workers render their first pages.
 */
import { componentHashes } from '../content/components/componentHashes.ts';
import { shardOf } from '../split/shardOf.ts';
import { NO_SOCIAL_IMAGES } from '../social/makeSocialImages.ts';
import type { BuiltPage } from './pageAnalysers.ts';
import { pagesKey } from './buildKey.ts';
import { renderPages } from './renderPages.ts';
import { defineStage } from './Stage.ts';

export interface PagesValue {
  /** In route order (a shard's: its slice's routes). */
  list: BuiltPage[];
  /** How many came from the cache (the merge: every page, from the shards). */
  cached: number;
  /** The other files the stage put into the output (the merge's content and social images, from the shards). */
  files: { file: string; bytes: number }[];
}

export const renderStage = defineStage({
  name: 'render',
  gives: 'pages',
  needs: ['input', 'config', 'run', 'plan', 'assets', 'images', 'social', 'output'],
  runs: 'page',
  async run({ input, config: ctx, run, plan, assets, images, social }, { during }): Promise<PagesValue> {
    const { config, site, cache, pool, progress } = ctx;
    const globalKey = pagesKey(await ctx.generatorKey, config, plan.siteUrl, { assets: assets.page, social: social?.setup.key ?? NO_SOCIAL_IMAGES });
    // The social images' URLs are not part of the global key: each page's key covers its own image (its route's card data, the templates).
    const pageAssets = social ? { ...assets.page, socialImages: social.setup.plan.urls } : assets.page;
    const { slice } = input;
    const rendered = await renderPages({
      config,
      cache,
      pool,
      site,
      content: plan.content,
      routes: plan.routes,
      ...(slice ? { only: plan.routes.filter((r) => shardOf(r.path, slice.count) === slice.index) } : {}),
      siteUrl: plan.siteUrl,
      assets: pageAssets,
      globalKey,
      out: run.out,
      memory: run.memory,
      progress,
      alongside: during,
      images: images.manifest,
      components: componentHashes(config.root, Object.keys(site.markdown?.components ?? {})),
    });
    run.writing(rendered.saved);
    return { list: rendered.list, cached: rendered.cached, files: [] };
  },
});
