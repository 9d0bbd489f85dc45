/**
 * The merge's stages (`site build --merge <dirs…>`). shards: the shard folders' manifests read and checked
 * as one split build (split/checkShards.ts) before anything else. join: in place of the render stage, the
 * shards' pages and their content and social images put into the output (split/joinShards.ts), once the
 * merge's own reading of the content and config is found to be theirs.
 */
import { writeFileSync } from 'node:fs';
import { checkShards, checkShardsMatch, type GivenShard } from '../split/checkShards.ts';
import { joinShards } from '../split/joinShards.ts';
import { contentHash, configHash } from '../split/shardKeys.ts';
import { engineVersion, readShardManifest } from '../split/shardManifest.ts';
import { verifyShardFolder, type ShardFolder } from '../split/verifyShardFolder.ts';
import type { PagesValue } from './renderStage.ts';
import { defineStage } from './Stage.ts';

/** The shard folders given to the merge: their manifests, and each folder as verifyShardFolder read it. */
export interface ShardsValue {
  shards: GivenShard[];
  folders: Map<string, ShardFolder>;
}

export const shardsStage = defineStage({
  name: 'shards',
  gives: 'shards',
  needs: ['input'],
  runs: 'site',
  run({ input }): ShardsValue {
    const shards: GivenShard[] = (input.merge ?? []).map((dir) => ({ dir, manifest: readShardManifest(dir) }));
    checkShards(shards, engineVersion());
    // Each folder read whole before anything is written: a link in one, or a file it may not write, stops the merge.
    return { shards, folders: new Map(shards.map((s) => [s.dir, verifyShardFolder(s)])) };
  },
});


export const joinStage = defineStage({
  name: 'render',
  gives: 'pages',
  needs: ['shards', 'config', 'run', 'content', 'plan', 'assets', 'output'],
  runs: 'site',
  async run({ shards: { shards, folders }, config: ctx, run, content, plan, assets }): Promise<PagesValue> {
    const { config, site, lists } = ctx;
    checkShardsMatch(shards, {
      contentHash: contentHash(content.content, lists.map(([name]) => name), plan),
      configHash: configHash({ generatorKey: await ctx.generatorKey, siteUrl: plan.siteUrl, assets: assets.page, drafts: config.drafts, future: config.future, socialImages: !!(config.socialImages && site.socialImages) }),
    });
    const joined = joinShards(plan.routes, shards);
    const out = run.out!;
    // The bytes checked against the manifest are the bytes written: never a link to a shard's file.
    for (const p of joined.pages) writeFileSync(out.pathFor(p.file), folders.get(p.dir)!.read(p.file, { bytes: p.bytes, sha: p.hash }));
    for (const [file, f] of joined.files) writeFileSync(out.pathFor(file), folders.get(f.dir)!.read(file, f));
    return { list: joined.pages, cached: joined.pages.length, files: [...joined.files].map(([file, f]) => ({ file, bytes: f.bytes })) };
  },
});
