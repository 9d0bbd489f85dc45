/**
 * The build cache (.site/cache/build): a warm build writes the same bytes
 * as a cold one; every kind of input invalidates what depends on it and
 * nothing else; a corrupt or foreign cache is ignored and rebuilt; worker
 * threads write the same bytes as the main thread. Social images (most of a cold build's work) are
 * drawn only in the test of their cache; a retitled article's new card, and the cards kept in place in
 * the output, are tests/integration/socialImages.test.ts's.
 */
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.ts';
import type { SiteOptions } from '../../../generator/config.ts';
import { generateArticles } from '../../../scripts/generateArticles.ts';
import type { Content } from '../../../templates/collections.ts';
import type { SiteRoute } from '../../../templates/routes.ts';

let tmp: string;
let content: string;
let cacheDir: string;
let run = 0;

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

/** What every build of this file is given unless a test says otherwise: no social images. */
const quiet = { backend: null, log: () => {}, progress: false, socialImages: false } as const;
/** Social images drawn, for the tests about them. */
const withImages = { socialImages: true } as const;

/** Builds into a fresh folder; returns the result and the files written. */
async function buildTo(options: SiteOptions = {}): Promise<{ result: BuildResult; files: Map<string, Buffer> }> {
  const out = path.join(tmp, `out-${++run}`);
  const result = await build({ content, cacheDir, ...quiet, ...options, out });
  return { result, files: await readTree(out) };
}

/** A cold build of the same inputs, for comparison: no cache read, and a cache folder of its own. */
const coldBuild = (options: SiteOptions = {}) => buildTo({ ...options, cache: false, cacheDir: path.join(tmp, `cold-cache-${run}`) });

const edit = async (rel: string, change: (text: string) => string) => {
  const file = path.join(content, rel);
  await writeFile(file, change(await readFile(file, 'utf8')));
};

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-cache-'));
  content = path.join(tmp, 'content');
  cacheDir = path.join(tmp, 'cache');
  await cp('content', content, { recursive: true });
  await generateArticles(content, 24);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('build cache', () => {
  it('warm build: nothing parsed or rendered again, the same bytes as cold', async () => {
    const cold = await buildTo(withImages);
    expect(cold.result.stats.cache.pages.cached).toBe(0);
    const warm = await buildTo(withImages);
    expect(warm.result.stats.cache).toEqual({
      entries: { parsed: 0, cached: 31 },
      pages: { rendered: 0, cached: cold.result.stats.pages },
    });
    // Social images too: one per article, made by the cold build, taken from the cache by the warm one.
    expect([...cold.files.keys()].filter((f) => f.startsWith(path.join('assets', 'social')))).toHaveLength(31);
    expect(cold.result.stats.social).toEqual({ made: 31, cached: 0 });
    expect(warm.result.stats.social).toEqual({ made: 0, cached: 31 });
    expectSameTree(cold.files, warm.files);
  });

  it('--no-cache renders everything and writes the same bytes', async () => {
    const warm = await buildTo();
    const forced = await buildTo({ cache: false });
    expect(forced.result.stats.cache.pages.cached).toBe(0);
    expect(forced.result.stats.cache.entries.cached).toBe(0);
    expectSameTree(warm.files, forced.files);
  });

  it("one article's text changed: that article alone renders again (lists show metadata, not bodies)", async () => {
    await buildTo();
    await edit('blog/bench-00003.md', (t) => `${t}\nA sentence added by the cache test.\n`);
    const after = await buildTo();
    expect(after.result.stats.cache.entries.parsed).toBe(1);
    expect(after.result.stats.cache.pages.rendered).toBe(1);
    expect(after.files.get('blog/bench-00003.html')!.toString()).toContain('A sentence added by the cache test.');
    expectSameTree((await coldBuild()).files, after.files);
  });

  it("an article's new title reaches the pages that list it: the blog index and the articles it is related to", async () => {
    const before = await buildTo();
    const listing = (before.result.routes as SiteRoute[]).filter((r) => r.related?.some((p) => p.slug === 'bench-00005')).map((r) => r.file);
    await edit('blog/bench-00005.md', (t) => t.replace(/^title: ".*"$/m, 'title: "A retitled benchmark article"'));
    const after = await buildTo();
    expect(after.files.get('blog.html')!.toString()).toContain('A retitled benchmark article');
    for (const file of listing) expect(after.files.get(file)!.toString(), file).toContain('A retitled benchmark article');
    // The article, the blog index, the articles listing it, and the pages whose breadcrumbs or cards show it.
    expect(after.result.stats.cache.pages.rendered).toBeGreaterThanOrEqual(2 + listing.length);
    expectSameTree((await coldBuild()).files, after.files);
  });

  it('a page file the articles read (pages/blog.json) re-renders the articles, not the other pages', async () => {
    await buildTo();
    await edit('pages/blog.json', (t) => t.replace(/"back": "[^"]*"/, '"back": "Back to every article"'));
    const after = await buildTo();
    const articles = after.result.routes.filter((r) => r.template === 'article').length;
    expect(after.result.stats.cache.pages.rendered).toBeGreaterThanOrEqual(articles);
    expect(after.result.stats.cache.pages.cached).toBeGreaterThan(0);
    expect(after.files.get('blog/bench-00001.html')!.toString()).toContain('Back to every article');
    expectSameTree((await coldBuild()).files, after.files);
  });

  it('site.json (read by every page) re-renders every page', async () => {
    await buildTo();
    await edit('site.json', (t) => t.replace(/"tagline": "([^"]*)"/, '"tagline": "$1 Now cached."'));
    const after = await buildTo();
    expect(after.result.stats.cache.pages.cached).toBe(0);
    expectSameTree((await coldBuild()).files, after.files);
  });

  it('config (site URL) and widgets (backend settings baked into the bundle) re-render every page', async () => {
    await buildTo();
    const url = await buildTo({ siteUrl: 'https://preview.decksmith.ai' });
    expect(url.result.stats.cache.pages.cached).toBe(0);
    expect(url.files.get('index.html')!.toString()).toContain('https://preview.decksmith.ai/');
    const backend = { url: 'http://127.0.0.1:54321', anonKey: 'anon-key-for-the-cache-test' };
    const withBackend = await buildTo({ backend });
    expect(withBackend.result.stats.cache.pages.cached).toBe(0);
    expectSameTree((await coldBuild({ backend })).files, withBackend.files);
  });

  it('ignores a corrupt page file: that page renders again, correctly', async () => {
    const before = await buildTo();
    const pages = path.join(cacheDir, 'pages');
    const [victim] = await readdir(pages);
    await writeFile(path.join(pages, victim!), '<!doctype html><p>tampered</p>');
    const after = await buildTo();
    expect(after.result.stats.cache.pages.rendered).toBe(1);
    expectSameTree(before.files, after.files);
  });

  it('ignores a corrupt, truncated or foreign pack and rebuilds it', async () => {
    const before = await buildTo();
    const pack = path.join(cacheDir, 'pages.pack');
    const text = await readFile(pack, 'utf8');
    for (const broken of [
      text.replace('"summary"', '"summarY"'), // body no longer matches its checksum
      text.slice(0, text.length / 2), // truncated
      text.replace(/^site-build-cache\/1 [0-9a-f]+/, 'site-build-cache/1 0000'), // written for another generator or config
      'not a cache at all',
    ]) {
      await writeFile(pack, broken);
      await writeFile(path.join(cacheDir, 'entries-posts.pack'), broken);
      const after = await buildTo();
      expect(after.result.stats.cache.pages.cached).toBe(0);
      expect(after.result.stats.cache.entries.cached).toBe(0);
      expectSameTree(before.files, after.files);
    }
    expect((await buildTo()).result.stats.cache.pages.rendered).toBe(0);
  });

  it('a warm build writes into the previous output in place, its unchanged pages left as they are: the same bytes as cold, no temporary folder left', async () => {
    const out = path.join(tmp, 'out-swapped');
    const options = { content, cacheDir, ...quiet, out };
    await build(options);
    const inode = async (file: string) => (await stat(path.join(out, file))).ino;
    const [folder, other, page] = [await inode('.'), await inode('blog/bench-00010.html'), await inode('blog/bench-00011.html')];
    expect((await build(options)).stats.cache.pages.rendered).toBe(0);
    expect(await inode('.')).toBe(folder);
    expect([await inode('blog/bench-00010.html'), await inode('blog/bench-00011.html')]).toEqual([other, page]);
    await edit('blog/bench-00011.md', (t) => `${t}\nA sentence added to test the swapped output.\n`);
    expect((await build(options)).stats.cache.pages.rendered).toBe(1);
    expect(await inode('blog/bench-00010.html')).toBe(other);
    expect(await inode('blog/bench-00011.html')).not.toBe(page);
    expect((await readdir(tmp)).filter((name) => name.startsWith('.out-swapped'))).toEqual([]);
    expectSameTree((await coldBuild()).files, await readTree(out));
  });

  it('a few pages and articles changed go into the packs\' deltas, the packs stay as they are; many changed write new packs', async () => {
    const own = path.join(tmp, 'cache-delta');
    const options = { content, cacheDir: own, ...quiet };
    await build({ ...options, out: path.join(tmp, 'out-delta-1') });
    const packs = async () => Promise.all(['pages', 'entries-posts', 'sources-posts'].map((name) => readFile(path.join(own, `${name}.pack`))));
    const before = await packs();
    const pack = before[0];
    await edit('blog/bench-00012.md', (t) => `${t}\nA sentence for the delta.\n`);
    expect((await build({ ...options, out: path.join(tmp, 'out-delta-2') })).stats.cache.pages.rendered).toBe(1);
    await edit('blog/bench-00013.md', (t) => `${t}\nA sentence for the delta.\n`);
    const second = await build({ ...options, out: path.join(tmp, 'out-delta-3') });
    expect(second.stats.cache.pages.rendered).toBe(1);
    expect(await packs()).toEqual(before);
    const delta = async (name: string) => Object.keys(JSON.parse((await readFile(path.join(own, `${name}-delta.pack`), 'utf8')).replace(/^.*\n/, '')) as object).sort();
    expect(await delta('pages')).toEqual(['/blog/bench-00012', '/blog/bench-00013']); // the first carried over
    expect((await delta('entries-posts')).map((k) => k.split(' ')[0])).toEqual(['blog/bench-00012.md', 'blog/bench-00013.md']);
    expect(await delta('sources-posts')).toEqual(['@written', 'bench-00012.md', 'bench-00013.md']);
    const warm = await build({ ...options, out: path.join(tmp, 'out-delta-4') });
    expect(warm.stats.cache).toEqual({ entries: { parsed: 0, cached: (warm.content.collections as Content).posts.length }, pages: { rendered: 0, cached: warm.stats.pages } });
    expectSameTree((await coldBuild()).files, await readTree(path.join(tmp, 'out-delta-4')));

    await edit('site.json', (t) => t.replace(/"tagline": "([^"]*)"/, '"tagline": "$1 Delta."'));
    const all = await build({ ...options, out: path.join(tmp, 'out-delta-5') });
    expect(all.stats.cache.pages.rendered).toBe(all.stats.pages);
    expect(await readFile(path.join(own, 'pages.pack'))).not.toEqual(pack);
    expect((await readdir(own)).filter((f) => f.endsWith('.pack')).sort()).not.toContain('pages-delta.pack');
    expect((await build({ ...options, out: path.join(tmp, 'out-delta-6') })).stats.cache.pages.rendered).toBe(0);
    // An article added: its stamp and its entry in the packs' deltas, the packs as they were.
    await writeFile(path.join(content, 'blog', 'delta-added.md'), (await readFile(path.join(content, 'blog', 'bench-00014.md'), 'utf8')).replace(/^title: ".*"$/m, 'title: "Added for the delta test"').replace(/^description: ".*"$/m, 'description: "An article added for the delta test."'));
    try {
      const sources = await readFile(path.join(own, 'sources-posts.pack'));
      const added = await build({ ...options, out: path.join(tmp, 'out-delta-7') });
      expect(added.stats.cache.entries.parsed).toBe(1);
      expect(await readFile(path.join(own, 'sources-posts.pack'))).toEqual(sources);
      expect(await delta('sources-posts')).toContain('delta-added.md');
      expect((await delta('entries-posts')).map((k) => k.split(' ')[0])).toContain('blog/delta-added.md');
      expectSameTree((await coldBuild()).files, await readTree(path.join(tmp, 'out-delta-7')));
    } finally {
      await rm(path.join(content, 'blog', 'delta-added.md'));
    }
  });

  it('a warm build into an output with a stray, a missing or a changed file writes it afresh', async () => {
    const cold = await buildTo();
    const out = path.join(tmp, 'out-touched');
    const warm = () => build({ content, cacheDir, ...quiet, out });
    for (const touch of [
      () => writeFile(path.join(out, 'blog', 'stray.txt'), 'left by hand'),
      () => rm(path.join(out, 'robots.txt')),
      () => writeFile(path.join(out, 'sitemap.xml'), '<urlset/>'),
      () => rm(path.join(out, 'blog', 'bench-00003.html')),
      () => mkdir(path.join(out, 'blog', 'empty')),
    ]) {
      await warm();
      await touch();
      await warm();
      expectSameTree(cold.files, await readTree(out));
      expect(await readdir(path.join(out, 'blog'))).not.toContain('empty');
    }
  });

  it('a page edited in place in the output folder (a hard link to the cache) is caught, not copied on', async () => {
    const before = await buildTo();
    const out = path.join(tmp, `out-${run}`);
    await writeFile(path.join(out, 'pricing.html'), '<!doctype html><p>edited by hand</p>', { flag: 'r+' });
    const after = await buildTo();
    expect(after.result.stats.cache.pages.rendered).toBe(1);
    expectSameTree(before.files, after.files);
  });

  it('a page file swapped for another valid page is caught by its hash', async () => {
    const before = await buildTo();
    const pages = path.join(cacheDir, 'pages');
    const [a, b] = await readdir(pages);
    await writeFile(path.join(pages, a!), await readFile(path.join(pages, b!)));
    const after = await buildTo();
    expect(after.result.stats.cache.pages.rendered).toBe(1);
    expectSameTree(before.files, after.files);
  });

  it('worker threads write the same bytes as the main thread', async () => {
    const main = await buildTo({ cache: false, workers: 0 });
    const workers = await buildTo({ cache: false, workers: 2 });
    expect(workers.result.stats.workers).toBe(2);
    expect(main.result.stats.workers).toBe(0);
    expectSameTree(main.files, workers.files);
    // And a warm build after a worker build reuses everything.
    expect((await buildTo({ workers: 0 })).result.stats.cache.pages.rendered).toBe(0);
  });

  it('a worker that runs out of memory hands its share to the main thread: same bytes', async () => {
    const main = await buildTo({ cache: false, workers: 0 });
    process.env.SITE_WORKER_HEAP_MB = '4';
    try {
      const log: string[] = [];
      const starved = await buildTo({ cache: false, workers: 1, log: (line) => log.push(line) });
      expect(log.join('\n')).toContain('a build worker ran out of memory');
      expectSameTree(main.files, starved.files);
    } finally {
      delete process.env.SITE_WORKER_HEAP_MB;
    }
  });

  it('a build that fails on its content writes nothing into the cache once it has failed', async () => {
    const broken = path.join(tmp, 'content-broken');
    await cp(content, broken, { recursive: true });
    const first = path.join(broken, 'blog', 'bench-00000.md');
    await writeFile(first, (await readFile(first, 'utf8')).replace(/^title: .*$/m, 'title: 12'));
    const failedCache = path.join(tmp, 'cache-failed');
    // No cache yet: the stylesheet and the widget bundle are still being made when the articles fail.
    const error = await build({ content: broken, out: path.join(tmp, 'out-failed'), cacheDir: failedCache, ...quiet }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    const after = await readTree(failedCache);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expectSameTree(after, await readTree(failedCache));
  });
});
