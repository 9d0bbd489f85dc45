/**
 * A build after one article changed, into the output of the build before it: its output is byte for byte
 * what a cold build of the same content writes (the page, the pages showing or linking to it, the search
 * index, the sitemap and the feed), though the search index is updated from the last build's rather than
 * made again and its words pack gets a delta; a broken link the change brings is still caught, and that
 * failed build leaves the previous output as it was.
 */
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import type { SiteOptions } from '../../generator/config.ts';
import { generateArticles } from '../../scripts/generateArticles.ts';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';

let tmp: string;
let content: string;
let out: string;
let cacheDir: string;
let colds = 0;

const siteBuild = (options: SiteOptions = {}) => build({ root: BLOG_SITE, content, out, cacheDir, backend: null, log: () => {}, progress: false, socialImages: false, ...options });

/** Every file of a folder, path -> bytes. */
async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f))] as const)));
}

/** The files that differ between two trees (missing on either side included). */
function differences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((f) => !a.get(f) || !b.get(f) || !a.get(f)!.equals(b.get(f)!)).sort();
}

/** The output a cold build of the content as it is now writes (no cache read, a cache folder of its own). */
async function coldTree(): Promise<Map<string, Buffer>> {
  const dir = path.join(tmp, `cold-${++colds}`);
  await siteBuild({ out: dir, cache: false, cacheDir: path.join(tmp, `cold-cache-${colds}`) });
  return readTree(dir);
}

const article = (n: number) => path.join(content, 'blog', `bench-${String(n).padStart(5, '0')}.md`);
const edit = async (n: number, change: (text: string) => string) => writeFile(article(n), change(await readFile(article(n), 'utf8')));
const pack = (name: string) => readFile(path.join(cacheDir, `${name}.pack`));

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-incremental-'));
  content = await copyBlogContent(path.join(tmp, 'content'));
  out = path.join(tmp, 'dist');
  cacheDir = path.join(tmp, 'cache');
  await generateArticles(content, 30);
  await siteBuild();
}, 300_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('one article changed, built into the last output', () => {
  it('new words: the same files as a cold build; the words pack stays and a delta holds the change', async () => {
    const words = await pack('search-posts');
    await edit(3, (text) => `${text}\nZephyrine quokkas outnumber the pangolins.\n`);
    const warm = await siteBuild();
    expect(warm.stats.cache.pages.rendered).toBeLessThan(warm.stats.pages);
    expect(differences(await readTree(out), await coldTree())).toEqual([]);
    expect((await pack('search-posts')).equals(words)).toBe(true);
    expect((await stat(path.join(cacheDir, 'search-posts-delta.pack'))).size).toBeGreaterThan(0);
    const index = await readTree(path.join(out, 'assets', 'search'));
    expect([...index.values()].some((json) => json.includes('"quokkas"'))).toBe(true);
  });

  it('words taken out again and a new title: the same files as a cold build (search, sitemap, feed, listings, related cards)', async () => {
    await edit(3, (text) => text.replace('\nZephyrine quokkas outnumber the pangolins.\n', '').replace(/^title: ".*"$/m, 'title: "A retitled benchmark article"'));
    await siteBuild();
    const now = await readTree(out);
    expect(differences(now, await coldTree())).toEqual([]);
    expect([...now.values()].some((data) => data.includes('quokkas'))).toBe(false);
    expect(String(now.get('feed.xml'))).toContain('A retitled benchmark article');
  });

  it('a new link: the same files as a cold build', async () => {
    await edit(5, (text) => `${text}\nSee also [the retitled one](/blog/bench-00003).\n`);
    await siteBuild();
    expect(differences(await readTree(out), await coldTree())).toEqual([]);
  });

  it('a broken link is caught, and the failed build leaves the previous output as it was', async () => {
    const before = await readTree(out);
    await edit(5, (text) => `${text}\nAnd [a page that is not there](/blog/no-such-article).\n`);
    await expect(siteBuild()).rejects.toThrow(/Broken internal links[\s\S]*no-such-article/);
    expect(differences(await readTree(out), before)).toEqual([]);
    // Fixed again: the next build goes on from the last good one.
    await edit(5, (text) => text.replace('\nAnd [a page that is not there](/blog/no-such-article).\n', ''));
    await siteBuild();
    expect(differences(await readTree(out), await coldTree())).toEqual([]);
  });
});
