/**
 * Which shard of a split build renders a route: by a hash of its path, not its position, so a route keeps
 * its shard when others come and go (a restored cache stays warm), and the shards come out even. Pure.
 */
import { createHash } from 'node:crypto';
import { SiteError } from '../core/errors.ts';

/** One slice of a build split in `count`: `index` from 1 to count. */
export interface Shard {
  index: number;
  count: number;
}

/** The shard (1 to count) of the route at `path`. */
export function shardOf(path: string, count: number): number {
  const digest = createHash('sha256').update(path).digest();
  return (digest.readUInt32BE(0) % count) + 1;
}

/** `--shard i/n` as a Shard; ShardOptionInvalid for anything else. */
export function parseShard(value: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const index = m ? Number(m[1]) : NaN;
  const count = m ? Number(m[2]) : NaN;
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(count) || index < 1 || index > count) throw new SiteError('ShardOptionInvalid', { value });
  return { index, count };
}

/** "i/n". */
export const shardName = ({ index, count }: Shard): string => `${index}/${count}`;
