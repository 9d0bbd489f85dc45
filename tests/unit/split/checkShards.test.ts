import { describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/core/errors.ts';
import { checkShards, checkShardsMatch, type GivenShard } from '../../../generator/split/checkShards.ts';
import { joinShards } from '../../../generator/split/joinShards.ts';
import { MANIFEST_FORMAT, type ShardManifest } from '../../../generator/split/shardManifest.ts';
import type { Route } from '../../../generator/site/defineConfig.ts';

const summary = { ids: [], refs: [] } as unknown as ShardManifest['pages'][number]['summary'];

const shard = (index: number, count = 3, changes: Partial<ShardManifest> = {}): GivenShard => ({
  dir: `shard-${index}`,
  manifest: {
    format: MANIFEST_FORMAT,
    engine: '1.0.0',
    shard: { index, count },
    contentHash: 'c'.repeat(64),
    configHash: 'f'.repeat(64),
    pages: [{ path: `/p${index}`, file: `p${index}.html`, hash: 'h', bytes: 10, summary }],
    files: [],
    counts: { rendered: 1, cached: 0, images: { encoded: 0, cached: 0 }, social: null },
    ...changes,
  },
});

const failure = (fn: () => void): SiteError => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SiteError);
    return e as SiteError;
  }
  throw new Error('no error');
};

describe('checkShards', () => {
  it('passes every slice of one split build, in any order', () => {
    expect(() => checkShards([shard(3), shard(1), shard(2)], '1.0.0')).not.toThrow();
  });

  it('names the slices missing', () => {
    const e = failure(() => checkShards([shard(3, 4), shard(2, 4)], '1.0.0'));
    expect(e.code).toBe('ShardsIncomplete');
    expect(e.message).toBe('The build was split into 4 shards; 1/4, 4/4 are not among the folders given.');
  });

  it('names a slice given twice, with both folders', () => {
    const e = failure(() => checkShards([shard(1), shard(2), { ...shard(2), dir: 'again' }, shard(3)], '1.0.0'));
    expect(e.code).toBe('ShardDuplicated');
    expect(e.message).toBe('Shard 2/3 is in more than one folder: shard-2, again.');
  });

  it('refuses a shard of another engine version, another count, other content or another config', () => {
    const engine = failure(() => checkShards([shard(1), shard(2, 3, { engine: '0.9.0' }), shard(3)], '1.0.0'));
    expect([engine.code, engine.args]).toEqual(['ShardsDiffer', { what: 'engine', dir: 'shard-2', other: 'this merge', found: '0.9.0', expected: '1.0.0' }]);
    expect(engine.hint).toContain('same engine version');
    const count = failure(() => checkShards([shard(1), shard(2, 4), shard(3)], '1.0.0'));
    expect(count.message).toBe('shard-2 is a shard of 4, shard-1 of 3.');
    const content = failure(() => checkShards([shard(1), shard(2), shard(3, 3, { contentHash: 'd'.repeat(64) })], '1.0.0'));
    expect(content.message).toContain('shard-3 was built from other content than shard-1');
    expect(content.hint).toContain('same commit');
    const config = failure(() => checkShards([shard(1), shard(2, 3, { configHash: 'e'.repeat(64) }), shard(3)], '1.0.0'));
    expect(config.message).toContain('shard-2 was built from other config, templates, widgets or options than shard-1');
  });

  it('refuses shards of other content or config than the merge reads', () => {
    const shards = [shard(1), shard(2), shard(3)];
    expect(() => checkShardsMatch(shards, { contentHash: 'c'.repeat(64), configHash: 'f'.repeat(64) })).not.toThrow();
    expect(failure(() => checkShardsMatch(shards, { contentHash: 'x'.repeat(64), configHash: 'f'.repeat(64) })).args).toMatchObject({ what: 'content', other: 'this merge' });
    expect(failure(() => checkShardsMatch(shards, { contentHash: 'c'.repeat(64), configHash: 'x'.repeat(64) })).args).toMatchObject({ what: 'config', other: 'this merge' });
  });
});

describe('joinShards', () => {
  const routes = [{ path: '/p2' }, { path: '/p1' }, { path: '/p3' }] as Route[];

  it('gives the pages in route order, each from its folder', () => {
    expect(joinShards(routes, [shard(1), shard(2), shard(3)]).pages.map((p) => [p.path, p.dir])).toEqual([
      ['/p2', 'shard-2'],
      ['/p1', 'shard-1'],
      ['/p3', 'shard-3'],
    ]);
  });

  it('refuses a page no shard holds, a page two hold, and one file of two different contents', () => {
    expect(failure(() => joinShards([...routes, { path: '/p4' } as Route], [shard(1), shard(2), shard(3)])).message).toContain('no shard holds the page of /p4');
    const twice = shard(3, 3, { pages: [...shard(3).manifest.pages, ...shard(1).manifest.pages] });
    expect(failure(() => joinShards(routes, [shard(1), shard(2), twice])).message).toContain('its page /p1 is also in shard-1');
    const file = (sha: string) => ({ files: [{ file: 'assets/images/a.png', bytes: 1, sha }] });
    expect(joinShards(routes, [shard(1, 3, file('s')), shard(2, 3, file('s')), shard(3)]).files.size).toBe(1);
    expect(failure(() => joinShards(routes, [shard(1, 3, file('s')), shard(2, 3, file('t')), shard(3)])).message).toContain('its assets/images/a.png differs from the one in shard-1');
  });
});
