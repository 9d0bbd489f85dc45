/** A Pack holds what the last build stored under this build's key, and saves exactly this build's entries: unchanged, nothing written; few changed of many, a delta. */
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BuildCache } from '../../../generator/cache/BuildCache.ts';
import { Pack } from '../../../generator/cache/Pack.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-pack-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

let run = 0;
let dir: string;
beforeEach(() => {
  dir = path.join(tmp, `cache-${++run}`);
});
/** A build's view of the cache folder. */
const cache = () => BuildCache.open(dir, { read: true });
const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, `v${i}`]));
/** The pack file's inode: a write replaces the file (a new inode). */
const written = (name: string) => statSync(path.join(dir, `${name}.pack`)).ino;

describe('Pack', () => {
  it('opens empty without a pack, and holds what the last build saved under the same key (not under another)', async () => {
    const first = Pack.open<string>(cache(), 'words', 'key-1');
    expect(first.entries).toEqual({});
    expect(Pack.exists(cache(), 'words')).toBe(false);
    await first.save({ a: '1', b: '2' });
    expect(Pack.exists(cache(), 'words')).toBe(true);
    const again = Pack.open<string>(cache(), 'words', 'key-1');
    expect(again.entries).toEqual({ a: '1', b: '2' });
    expect([again.get('a'), again.get('c'), again.size]).toEqual(['1', undefined, 2]);
    expect(Pack.open<string>(cache(), 'words', 'key-2').entries).toEqual({});
  });

  it('writes nothing when the entries are the ones it holds, and prunes the keys a build no longer uses', async () => {
    await Pack.open<string>(cache(), 'words', 'k').save({ a: '1', b: '2' });
    const before = written('words');
    const same = Pack.open<string>(cache(), 'words', 'k');
    expect(same.holds({ b: '2', a: '1' })).toBe(true);
    await same.save({ b: '2', a: '1' });
    expect(written('words')).toBe(before);
    await Pack.open<string>(cache(), 'words', 'k').save({ a: '1' });
    expect(Pack.open<string>(cache(), 'words', 'k').entries).toEqual({ a: '1' });
  });

  it('writes when the caller says its entries changed, whatever they compare as, and saveNow writes before it returns', async () => {
    const entry = { hash: 'h' };
    await Pack.open<{ hash: string }>(cache(), 'images', 'k').save({ x: entry });
    const pack = Pack.open<{ hash: string }>(cache(), 'images', 'k');
    pack.saveNow({ x: { hash: 'other' } }, true);
    expect(Pack.open(cache(), 'images', 'k').entries).toEqual({ x: { hash: 'other' } });
    Pack.open<{ hash: string }>(cache(), 'images', 'k').saveNow({ x: { hash: 'new' } }, false);
    expect(Pack.open(cache(), 'images', 'k').entries).toEqual({ x: { hash: 'other' } });
  });

  it('with deltas: few changed entries of many go into a delta over the pack, read back merged; a gone key rewrites the pack', async () => {
    await Pack.open<string>(cache(), 'entries', 'k', { deltas: true }).save(many);
    const base = written('entries');
    const one = Pack.open<string>(cache(), 'entries', 'k', { deltas: true });
    await one.save({ ...many, k3: 'changed' });
    expect(readdirSync(dir)).toContain('entries-delta.pack');
    expect(written('entries')).toBe(base);
    const merged = Pack.open<string>(cache(), 'entries', 'k', { deltas: true });
    expect(merged.entries).toEqual({ ...many, k3: 'changed' });
    // The next delta replaces the last: it still carries k3.
    await merged.save({ ...many, k3: 'changed', k4: 'too' });
    expect(Pack.open<string>(cache(), 'entries', 'k', { deltas: true }).entries).toEqual({ ...many, k3: 'changed', k4: 'too' });
    const { k0: _gone, ...fewer } = many;
    await Pack.open<string>(cache(), 'entries', 'k', { deltas: true }).save(fewer);
    expect(readdirSync(dir)).not.toContain('entries-delta.pack');
    expect(Pack.open<string>(cache(), 'entries', 'k', { deltas: true }).entries).toEqual(fewer);
  });

  it('without deltas: any change rewrites the whole pack', async () => {
    await Pack.open<string>(cache(), 'keys', 'k').save(many);
    await Pack.open<string>(cache(), 'keys', 'k').save({ ...many, k3: 'changed' });
    expect(readdirSync(dir)).not.toContain('keys-delta.pack');
    expect(Pack.open<string>(cache(), 'keys', 'k').entries).toEqual({ ...many, k3: 'changed' });
  });
});
