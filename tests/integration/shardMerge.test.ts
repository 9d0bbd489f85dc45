/**
 * A build split across machines: `--shard i/n` builds, joined by `--merge`, write the very bytes of one
 * build. On the blog fixture (tests/fixtures/blog-site: feed, llms.txt, search index, aliases, a paginated
 * listing) with 400 tiny generated articles in 4 shards, each build with a worker thread beside the main
 * one (`workers: 1`: what a build of 2,000 articles or more starts on its own), and on the image fixture
 * (content images and social images) in 3. Each shard has a cache folder of its own, as each job of a CI
 * matrix does. The time of a large split build is the bench's (`npm run bench`).
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import type { SiteOptions } from '../../generator/config.ts';
import { SiteError } from '../../generator/core/errors.ts';
import { mergeShards } from '../../generator/buildSplit.ts';
import { shardBuild } from '../../generator/buildSplit.ts';
import { SHARD_MANIFEST, type ShardManifest } from '../../generator/split/shardManifest.ts';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
let tmp: string;

/** Every file of a folder, path -> bytes. */
async function readTree(dir: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  return new Map(await Promise.all(files.map(async (f) => [f, await readFile(path.join(dir, f))] as const)));
}

function expectSameTree(a: Map<string, Buffer>, b: Map<string, Buffer>) {
  expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
  const different = [...a].filter(([f, data]) => !data.equals(b.get(f)!)).map(([f]) => f);
  expect(different).toEqual([]);
}

/** Generated articles of the blog fixture: 40 listing pages, about 100 pages in each of 4 shards. */
const NOTES = 400;

/** A tiny article of the blog fixture's posts collection. */
const tinyArticle = (i: number) =>
  `---\ntitle: "Note ${i}"\ndescription: "Short note ${i} for the split build."\ndate: "2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}"\nreadTime: "1 min read"\ncategory: "${['Opinion', 'Tools'][i % 2]}"\nauthor: "Notes"\n---\n\nNote ${i} says one thing about release ${i % 7}.\n`;

/** Builds `count` shards of the site (each with its own cache), merges them into `out`; returns the shard folders. */
async function splitBuild(name: string, base: SiteOptions, count: number, out: string): Promise<{ dirs: string[]; manifests: ShardManifest[] }> {
  const dirs: string[] = [];
  for (let index = 1; index <= count; index++) {
    const dir = path.join(tmp, `${name}-shard-${index}`);
    await shardBuild({ ...base, out: dir, cacheDir: path.join(tmp, `${name}-cache-${index}`) }, { index, count });
    dirs.push(dir);
  }
  // The merge's folders in another order than the shards': the order given does not matter.
  await mergeShards({ ...base, out, cacheDir: path.join(tmp, `${name}-merge-cache`) }, [...dirs].reverse());
  const manifests = await Promise.all(dirs.map(async (d) => JSON.parse(await readFile(path.join(d, SHARD_MANIFEST), 'utf8')) as ShardManifest));
  return { dirs, manifests };
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-split-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('a build split into shards and merged', () => {
  it('400 articles in 4 shards and a merge, with worker threads: every file byte for byte as one build writes it', async () => {
    const content = await copyBlogContent(path.join(tmp, 'blog-content'));
    await Promise.all(Array.from({ length: NOTES }, (_, i) => writeFile(path.join(content, 'blog', `note-${String(i).padStart(5, '0')}.md`), tinyArticle(i))));
    const base: SiteOptions = { root: BLOG_SITE, content, backend: null, socialImages: false, workers: 1, log: () => {}, progress: false };
    const single = path.join(tmp, 'blog-single');
    const result = await build({ ...base, out: single, cacheDir: path.join(tmp, 'blog-single-cache') });
    const merged = path.join(tmp, 'blog-merged');
    const { manifests } = await splitBuild('blog', base, 4, merged);

    expectSameTree(await readTree(single), await readTree(merged));
    // Every page once, in a slice of its own, and the slices even (by a hash of the route's path).
    const counts = manifests.map((m) => m.pages.length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(result.pages.length);
    for (const n of counts) expect(Math.abs(n - result.pages.length / 4)).toBeLessThan(result.pages.length / 20);
    expect(manifests.every((m) => m.counts.cached === 0)).toBe(true);
    // The search index holds every article's body words, which the shards rendered.
    expect(manifests.flatMap((m) => m.pages).filter((p) => p.search).length).toBe(NOTES + 6);
    // Every build read and rendered with a worker thread beside the main one.
    expect(result.stats.workers).toBe(1);
  }, 600_000);

  it('content images and social images: each made by one shard, the merge the same bytes as one build', async () => {
    const site = path.join(tmp, 'image-site');
    await cp(path.join(repo, 'tests/fixtures/image-site'), site, { recursive: true, filter: (src) => path.basename(src) !== '.site' });
    await symlink(path.join(repo, 'node_modules'), path.join(site, 'node_modules'), 'dir');
    await mkdir(path.join(site, 'content/images'));
    await mkdir(path.join(site, 'content/posts/images'));
    const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });
    await solid(700, 350, '#2255aa').png().toFile(path.join(site, 'content/images/hero.png'));
    await solid(400, 400, '#aa5522').jpeg().toFile(path.join(site, 'content/posts/images/cover.jpg'));
    await solid(350, 200, '#22aa55').png().toFile(path.join(site, 'content/posts/images/chart.png'));
    for (let i = 0; i < 6; i++) {
      await solid(330 + i, 200, `#${(0x113355 + i * 0x101010).toString(16)}`).png().toFile(path.join(site, `content/posts/images/cover-${i}.png`));
      await writeFile(path.join(site, `content/posts/post-${i}.md`), `---\ntitle: "Post ${i}"\ndescription: "Post ${i}, with a cover of its own."\ncover: "./images/cover-${i}.png"\n---\n\nPost ${i}.\n`);
    }
    const base: SiteOptions = { root: site, backend: null, log: () => {}, progress: false };
    const single = path.join(tmp, 'image-single');
    await build({ ...base, out: single, cacheDir: path.join(tmp, 'image-single-cache') });
    const merged = path.join(tmp, 'image-merged');
    const { manifests } = await splitBuild('image', base, 3, merged);

    const tree = await readTree(single);
    expect([...tree.keys()].filter((f) => f.startsWith('assets/social/')).length).toBe(7);
    expect([...tree.keys()].filter((f) => f.startsWith('assets/images/')).length).toBeGreaterThan(9);
    expectSameTree(tree, await readTree(merged));
    // Each image and social image is written by one shard only.
    const files = manifests.flatMap((m) => m.files.map((f) => f.file));
    expect(new Set(files).size).toBe(files.length);
    expect(files.filter((f) => f.startsWith('assets/social/')).length).toBe(7);
    // Nine content images, each encoded by one shard: the others name its variants without encoding it.
    expect(manifests.reduce((n, m) => n + m.counts.images.encoded, 0)).toBe(9);
  }, 600_000);
});

describe('a merge that cannot join its shards', () => {
  let content: string;
  let base: SiteOptions;
  let dirs: string[];
  let out: string;

  const mergeError = async (options: SiteOptions, given: string[]): Promise<SiteError> => {
    const error = await mergeShards({ ...base, ...options, out, cacheDir: path.join(tmp, 'small-merge-cache') }, given).then(
      () => new Error('the merge passed'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SiteError);
    return error as SiteError;
  };

  beforeAll(async () => {
    content = await copyBlogContent(path.join(tmp, 'small-content'));
    base = { root: BLOG_SITE, content, backend: null, socialImages: false, log: () => {}, progress: false };
    dirs = [];
    for (const index of [1, 2]) {
      dirs.push(path.join(tmp, `small-shard-${index}`));
      await shardBuild({ ...base, out: dirs.at(-1)!, cacheDir: path.join(tmp, `small-cache-${index}`) }, { index, count: 2 });
    }
    // The output of a merge that worked: each failing merge below must leave it as it is.
    out = path.join(tmp, 'small-out');
    await mergeShards({ ...base, out, cacheDir: path.join(tmp, 'small-merge-cache') }, dirs);
  }, 600_000);

  it('fails on a shard missing, a shard given twice, or a folder that is no shard, leaving the previous output in place', async () => {
    const before = await readTree(out);
    expect((await mergeError({}, [dirs[0]!])).message).toBe('The build was split into 2 shards; 2/2 is not among the folders given.');
    expect((await mergeError({}, [dirs[0]!, dirs[1]!, dirs[1]!])).code).toBe('ShardDuplicated');
    const notShard = await mergeError({}, [dirs[0]!, content]);
    expect(notShard.code).toBe('ShardFolderInvalid');
    expect(notShard.message).toContain(`${content} is not the output of \`site build --shard\`: it holds no ${SHARD_MANIFEST}`);
    expectSameTree(before, await readTree(out));
  });

  it('fails when the content or the options changed since the shards were built, and on a page cut short', async () => {
    const before = await readTree(out);
    const differ = await mergeError({ siteUrl: 'https://elsewhere.example' }, dirs);
    expect([differ.code, differ.args]).toMatchObject(['ShardsDiffer', { what: 'config', other: 'this merge' }]);
    const article = path.join(content, 'blog', 'commit-messages.md');
    const text = await readFile(article, 'utf8');
    await writeFile(article, `${text}\nA sentence written after the shards were built.\n`);
    try {
      expect((await mergeError({}, dirs)).args).toMatchObject({ what: 'content', other: 'this merge' });
    } finally {
      await writeFile(article, text);
    }
    const manifest = JSON.parse(await readFile(path.join(dirs[0]!, SHARD_MANIFEST), 'utf8')) as ShardManifest;
    const page = manifest.pages[0]!;
    const pageText = await readFile(path.join(dirs[0]!, page.file));
    await writeFile(path.join(dirs[0]!, page.file), pageText.subarray(0, 10));
    try {
      expect((await mergeError({}, dirs)).message).toContain(`its ${page.file} is 10 bytes, its manifest says ${page.bytes}`);
    } finally {
      await writeFile(path.join(dirs[0]!, page.file), pageText);
    }
    expectSameTree(before, await readTree(out));
  });

  it('refuses shards of another engine version', async () => {
    const file = path.join(dirs[1]!, SHARD_MANIFEST);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace(/"engine":"[^"]*"/, '"engine":"0.0.1"'));
    try {
      const e = await mergeError({}, dirs);
      expect(e.args).toMatchObject({ what: 'engine', found: '0.0.1' });
      expect(e.hint).toContain('same engine version');
    } finally {
      await writeFile(file, text);
    }
  });
});
