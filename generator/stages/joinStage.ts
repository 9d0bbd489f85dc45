/**
 * The merge's stages (`site build --merge <dirs…>`). shards: the shard folders' manifests read and checked
 * as one split build (split/checkShards.ts) before anything else. join: in place of the render stage, the
 * shards' pages and their content and social images put into the output (split/joinShards.ts), once the
 * merge's own reading of the content and config is found to be theirs.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../core/errors.ts';
import { placeImage } from '../images/contentImages.ts';
import { checkShards, checkShardsMatch, type GivenShard } from '../split/checkShards.ts';
import { joinShards } from '../split/joinShards.ts';
import { contentHash, configHash } from '../split/shardKeys.ts';
import { engineVersion, readShardManifest } from '../split/shardManifest.ts';
import type { PagesValue } from './renderStage.ts';
import { defineStage } from './Stage.ts';

export const shardsStage = defineStage({
  name: 'shards',
  gives: 'shards',
  needs: ['input'],
  runs: 'site',
  run({ input }): GivenShard[] {
    const shards: GivenShard[] = (input.merge ?? []).map((dir) => ({ dir, manifest: readShardManifest(dir) }));
    checkShards(shards, engineVersion());
    return shards;
  },
});

/** Puts a shard's file into the output: a hard link, or a copy. A file not of the size its manifest says is a folder cut short. */
function take(dir: string, file: string, bytes: number, target: string): void {
  const from = path.join(dir, file);
  const size = statSync(from, { throwIfNoEntry: false })?.size;
  if (size !== bytes) throw new SiteError('ShardFolderInvalid', { dir, reason: size === undefined ? `its ${file} is missing` : `its ${file} is ${size} bytes, its manifest says ${bytes}` });
  placeImage(from, target);
}

export const joinStage = defineStage({
  name: 'render',
  gives: 'pages',
  needs: ['shards', 'config', 'run', 'content', 'plan', 'assets', 'output'],
  runs: 'site',
  async run({ shards, config: ctx, run, content, plan, assets }): Promise<PagesValue> {
    const { config, site, lists } = ctx;
    checkShardsMatch(shards, {
      contentHash: contentHash(content.content, lists.map(([name]) => name), plan),
      configHash: configHash({ generatorKey: await ctx.generatorKey, siteUrl: plan.siteUrl, assets: assets.page, drafts: config.drafts, future: config.future, socialImages: !!(config.socialImages && site.socialImages) }),
    });
    const joined = joinShards(plan.routes, shards);
    const out = run.out!;
    for (const p of joined.pages) take(p.dir, p.file, p.bytes, out.pathFor(p.file));
    for (const [file, f] of joined.files) take(f.dir, file, f.bytes, out.pathFor(file));
    return { list: joined.pages, cached: joined.pages.length, files: [...joined.files].map(([file, f]) => ({ file, bytes: f.bytes })) };
  },
});
