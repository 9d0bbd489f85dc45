/** claimCacheDir: the build cache works only in a folder of its own, and never writes into (or deletes from) another. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildCache } from '../../../generator/cache/BuildCache.ts';
import { CACHE_TAG, claimCacheDir } from '../../../generator/cache/claimCacheDir.ts';
import type { SiteError } from '../../../generator/core/errors.ts';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'site-claim-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
const folder = (files: Record<string, string> = {}) => {
  const dir = path.join(tmp, `dir-${++n}`);
  mkdirSync(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
};
const hash = 'a'.repeat(64);

describe('claimCacheDir', () => {
  it('makes a missing folder and tags it as a cache directory (https://bford.info/cachedir/)', () => {
    const dir = path.join(tmp, 'new', 'cache');
    claimCacheDir(dir);
    expect(readFileSync(path.join(dir, CACHE_TAG), 'utf8')).toMatch(/^Signature: 8a477f597d28d172789f06886806bc55\n/);
  });

  it('takes an empty folder, and one holding only what a build cache makes (a cache written before tags)', () => {
    for (const dir of [folder(), folder({ 'posts.pack': 'x', 'pages-delta.pack': 'x', [`pages/${hash}.html`]: 'x', 'record.pack.1.abc.tmp': 'x' })]) {
      claimCacheDir(dir);
      expect(readdirSync(dir)).toContain(CACHE_TAG);
    }
  });

  it('refuses a folder holding anything else, writing nothing into it', () => {
    const foreign: Record<string, string>[] = [{ 'notes.txt': 'mine', 'posts.pack': 'x' }, { 'pages/holiday.jpg': 'mine' }, { '.git/HEAD': 'ref' }];
    for (const files of foreign) {
      const dir = folder(files);
      const before = readdirSync(dir, { recursive: true }).sort();
      let error: SiteError | undefined;
      try {
        claimCacheDir(dir);
      } catch (e) {
        error = e as SiteError;
      }
      expect(error?.code).toBe('CacheDirNotEmpty');
      expect(error?.message).toContain(dir);
      expect(error?.hint).toContain('--cache-dir');
      expect(readdirSync(dir, { recursive: true }).sort()).toEqual(before);
    }
  });

  it('takes a tagged folder at once, whatever else it holds since', () => {
    const dir = folder();
    claimCacheDir(dir);
    writeFileSync(path.join(dir, 'stray.txt'), 'x');
    expect(() => claimCacheDir(dir)).not.toThrow();
  });

  it('guards BuildCache.open: pruning never reaches files of a folder that is not a cache', async () => {
    const dir = folder({ 'pages/holiday.jpg': 'mine' });
    expect(() => BuildCache.open(dir, { read: true })).toThrow(/is not a build cache/);
    expect(readdirSync(path.join(dir, 'pages'))).toEqual(['holiday.jpg']);
  });
});
