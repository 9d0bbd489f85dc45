/**
 * A build cache restored as CI restores one: copied onto another path, next to a fresh checkout of the
 * content, every file with a new modification time (and a new inode). Its stamps all differ, so every
 * input is hashed again; the hashes match, so the build is warm: no page rendered, the same bytes. On the
 * blog fixture (tests/fixtures/blog-site) with generated articles; the split build's shards rely on this.
 */
import { cp, mkdtemp, readdir, readFile, rm, utimes } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import type { SiteOptions } from '../../generator/config.ts';
import { generateArticles } from '../../scripts/generateArticles.ts';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';

let tmp: string;

async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f))] as const)));
}

/** Copies `from` to `to` as a restore does: new files, every one (and every folder) dated `when`. */
async function restore(from: string, to: string, when: Date): Promise<void> {
  await cp(from, to, { recursive: true });
  for (const e of await readdir(to, { recursive: true, withFileTypes: true })) await utimes(path.join(e.parentPath, e.name), when, when);
  await utimes(to, when, when);
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-cache-restore-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('a build cache restored onto another path', () => {
  it('gives a warm build: nothing rendered, every page from the cache, the same bytes', async () => {
    const first = path.join(tmp, 'first');
    const content = await copyBlogContent(path.join(first, 'content'));
    await generateArticles(content, 30);
    const base: SiteOptions = { root: BLOG_SITE, backend: null, socialImages: false, log: () => {}, progress: false };
    const cold = await build({ ...base, content, cacheDir: path.join(first, 'cache'), out: path.join(first, 'out') });
    expect(cold.stats.cache.pages.cached).toBe(0);

    const second = path.join(tmp, 'second');
    const later = new Date(Date.now() + 3_600_000);
    await restore(content, path.join(second, 'content'), later);
    await restore(path.join(first, 'cache'), path.join(second, 'cache'), later);
    const warm = await build({ ...base, content: path.join(second, 'content'), cacheDir: path.join(second, 'cache'), out: path.join(second, 'out') });
    expect(warm.stats.cache.pages).toEqual({ rendered: 0, cached: cold.stats.pages });
    const a = await readTree(path.join(first, 'out'));
    const b = await readTree(path.join(second, 'out'));
    expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
    expect([...a].filter(([f, data]) => !data.equals(b.get(f)!)).map(([f]) => f)).toEqual([]);
  });
});
