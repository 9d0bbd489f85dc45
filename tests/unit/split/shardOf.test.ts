import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/core/errors.ts';
import { parseShard, shardOf } from '../../../generator/split/shardOf.ts';

describe('shardOf', () => {
  it('puts a route in one shard by its path, whatever else the site holds, and the shards come out even', () => {
    const paths = Array.from({ length: 4000 }, (_, i) => `/blog/note-${i}`);
    const shards = paths.map((p) => shardOf(p, 4));
    expect(paths.map((p) => shardOf(p, 4))).toEqual(shards);
    expect(new Set(shards)).toEqual(new Set([1, 2, 3, 4]));
    for (const i of [1, 2, 3, 4]) expect(Math.abs(shards.filter((s) => s === i).length - 1000)).toBeLessThan(100);
    // A route added before it does not move it (a slice by position would).
    expect(shardOf('/blog/note-7', 4)).toBe(shards[7]);
  });
});

describe('parseShard', () => {
  it('reads i/n with i from 1 to n', () => {
    expect(parseShard('1/4')).toEqual({ index: 1, count: 4 });
    expect(parseShard('4/4')).toEqual({ index: 4, count: 4 });
  });

  it.each(['0/4', '5/4', '4', 'a/b', '1/0', '-1/4', '1.5/4'])('refuses %s with ShardOptionInvalid and a hint', (value) => {
    const error = (() => {
      try {
        parseShard(value);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('ShardOptionInvalid');
    expect((error as SiteError).hint).toContain('--shard 1/4');
  });
});
