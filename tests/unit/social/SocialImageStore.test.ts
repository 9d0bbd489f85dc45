/** Social images in the build cache: kept by key, trusted only while they are what was stored. */
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BuildCache } from '../../../generator/cache/BuildCache.ts';
import { SocialImageStore } from '../../../generator/social/SocialImageStore.ts';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-social-store-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const open = (read = true) => new SocialImageStore(BuildCache.open(path.join(dir, 'cache'), { read }));
const stored = (key: string) => path.join(dir, 'cache', 'social', `${key}.png`);

describe('SocialImageStore', () => {
  it('finds what an earlier build stored, and links it into the output', async () => {
    const first = open();
    expect(first.has(KEY_A)).toBe(false);
    first.put(KEY_A, Buffer.from('png A'));
    await first.save();
    const next = open();
    expect(next.has(KEY_A)).toBe(true);
    const target = path.join(dir, 'out.png');
    expect(next.place(KEY_A, target)).toBe(true);
    expect(statSync(target).ino).toBe(statSync(stored(KEY_A)).ino);
    expect(next.bytes(KEY_A).toString()).toBe('png A');
  });

  it('makes again an image whose file changed (a write through its link in the output), and trusts one only touched', async () => {
    const first = open();
    first.put(KEY_A, Buffer.from('png A'));
    first.put(KEY_B, Buffer.from('png B'));
    await first.save();
    await writeFile(stored(KEY_A), 'edited');
    const later = new Date(Date.now() + 5000);
    await utimes(stored(KEY_B), later, later);
    const next = open();
    expect(next.has(KEY_A)).toBe(false);
    expect(next.has(KEY_B)).toBe(true);
  });

  it('trusts nothing with --no-cache, and deletes the images no build needs any more', async () => {
    const first = open();
    first.put(KEY_A, Buffer.from('png A'));
    first.put(KEY_B, Buffer.from('png B'));
    await first.save();
    expect(open(false).has(KEY_A)).toBe(false);
    const next = open();
    expect(next.has(KEY_B)).toBe(true);
    await next.save();
    expect(await readdir(path.join(dir, 'cache', 'social'))).toEqual([`${KEY_B}.png`]);
    expect(open().has(KEY_A)).toBe(false);
  });

  it('keeps images in memory without a cache folder', () => {
    const store = new SocialImageStore(BuildCache.open(null, { read: true }));
    store.put(KEY_A, Buffer.from('png A'));
    expect(store.has(KEY_A)).toBe(true);
    expect(store.bytes(KEY_A).toString()).toBe('png A');
    expect(store.stamp(KEY_A)).toBe('');
  });
});
