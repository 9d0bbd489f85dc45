/**
 * Whether the shards given to a merge make one build: the same engine, the same count, every slice
 * once, the same content and config among themselves and as the merge sees them. Throws the first
 * difference found (ShardsDiffer, ShardDuplicated, ShardsIncomplete). Pure.
 */
import { SiteError } from '../core/errors.ts';
import type { ShardManifest } from './shardManifest.ts';
import { shardName } from './shardOf.ts';

export interface GivenShard {
  dir: string;
  manifest: ShardManifest;
}

/** The shards as one split build (engine, count, each slice once). */
export function checkShards(shards: readonly GivenShard[], engine: string): void {
  const first = shards[0]!;
  for (const s of shards) {
    if (s.manifest.engine !== engine) throw new SiteError('ShardsDiffer', { what: 'engine', dir: s.dir, other: 'this merge', found: s.manifest.engine, expected: engine });
    if (s.manifest.shard.count !== first.manifest.shard.count) {
      throw new SiteError('ShardsDiffer', { what: 'count', dir: s.dir, other: first.dir, found: String(s.manifest.shard.count), expected: String(first.manifest.shard.count) });
    }
    for (const what of ['content', 'config'] as const) {
      const key = `${what}Hash` as const;
      if (s.manifest[key] !== first.manifest[key]) throw new SiteError('ShardsDiffer', { what, dir: s.dir, other: first.dir, found: s.manifest[key], expected: first.manifest[key] });
    }
  }
  const count = first.manifest.shard.count;
  const byIndex = new Map<number, string[]>();
  for (const s of shards) byIndex.set(s.manifest.shard.index, [...(byIndex.get(s.manifest.shard.index) ?? []), s.dir]);
  for (const [index, dirs] of byIndex) if (dirs.length > 1) throw new SiteError('ShardDuplicated', { shard: shardName({ index, count }), dirs });
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
  if (missing.length) throw new SiteError('ShardsIncomplete', { count, missing });
}

/** The shards against the content and config the merge read: the same hashes, or ShardsDiffer. */
export function checkShardsMatch(shards: readonly GivenShard[], merge: { contentHash: string; configHash: string }): void {
  const { manifest, dir } = shards[0]!;
  if (manifest.contentHash !== merge.contentHash) throw new SiteError('ShardsDiffer', { what: 'content', dir, other: 'this merge', found: manifest.contentHash, expected: merge.contentHash });
  if (manifest.configHash !== merge.configHash) throw new SiteError('ShardsDiffer', { what: 'config', dir, other: 'this merge', found: manifest.configHash, expected: merge.configHash });
}
