/**
 * The manifest stage of a shard (`site build --shard i/n`): the shard's folder gets the manifest the merge
 * reads (split/shardManifest.ts): its pages with their summaries and search words, its content and social
 * images with their hashes, and the hashes that say which content and config it was built from; then the
 * folder goes in place as a build's output does.
 */
import { readFileSync } from 'node:fs';
import { contentHash as bytesHash } from '../core/contentHash.ts';
import { contentHash, configHash } from '../split/shardKeys.ts';
import { engineVersion, MANIFEST_FORMAT, SHARD_MANIFEST, type ShardFile, type ShardManifest } from '../split/shardManifest.ts';
import { defineStage } from './Stage.ts';

export const manifestStage = defineStage({
  name: 'write',
  gives: 'manifest',
  needs: ['input', 'config', 'run', 'content', 'plan', 'assets', 'images', 'social', 'pages', 'searchWords', 'socialImages'],
  runs: 'site',
  async run({ input, config: ctx, run, content, plan, assets, images, social, pages, searchWords, socialImages: placed }): Promise<ShardManifest> {
    const { config, lists } = ctx;
    const out = run.out!;
    const files: ShardFile[] = [...images.files.map((f) => f.file), ...(placed?.files.keys() ?? [])].map((file) => {
      const bytes = readFileSync(out.pathFor(file));
      return { file, bytes: bytes.byteLength, sha: bytesHash(bytes) };
    });
    const manifest: ShardManifest = {
      format: MANIFEST_FORMAT,
      engine: engineVersion(),
      shard: input.slice!,
      contentHash: contentHash(content.content, lists.map(([name]) => name), plan),
      configHash: configHash({ generatorKey: await ctx.generatorKey, siteUrl: plan.siteUrl, assets: assets.page, drafts: config.drafts, future: config.future, socialImages: !!social }),
      pages: pages.list.map((p) => ({ path: p.path, file: p.file, hash: p.hash, bytes: p.bytes, summary: p.summary, ...(searchWords.has(p.path) ? { search: searchWords.get(p.path) } : {}) })),
      files,
      counts: {
        rendered: pages.list.length - pages.cached,
        cached: pages.cached,
        images: { encoded: images.encoded, cached: images.cached },
        social: placed?.counts ?? null,
      },
    };
    out.write(SHARD_MANIFEST, JSON.stringify(manifest));
    await run.writesDone();
    await out.commit();
    run.out = null;
    return manifest;
  },
});
