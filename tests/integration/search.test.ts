/**
 * The search index of the blog fixture (tests/fixtures/blog-site, its config's `search`) with 4,000
 * generated articles: built into the output as static files, small enough that a first search for a common word downloads at most 100 KB
 * gzip, and kept in the build cache by each article's hash, so a warm build renders no unchanged article
 * for the index.
 */
import { gzipSync } from 'node:zlib';
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../generator/build.ts';
import { SEARCH_MANIFEST, shardKeysFor, type SearchManifest } from '../../generator/islands/searchFormat.ts';
import { parseQuery, searchIndex } from '../../generator/islands/searchIndex.ts';
import { generateArticles } from '../../scripts/generateArticles.ts';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';

const ARTICLES = 4000;
/** The fixture's own posts. */
const OWN = 6;
let tmp: string;
let content: string;
let out: string;
let cacheDir: string;
let cold: BuildResult;

const siteBuild = () => build({ root: BLOG_SITE, content, out, cacheDir, backend: null, log: () => {}, progress: false });
const read = (url: string) => readFile(path.join(out, url));
/** The built index, read from the output folder as a static host serves it. */
const index = () => searchIndex(SEARCH_MANIFEST, async (url) => JSON.parse(String(await read(url))) as unknown);
const slugs = async (query: string) => {
  const i = index();
  return (await i.results(await i.find(query))).map((r) => r.url);
};

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-search-'));
  content = path.join(tmp, 'content');
  out = path.join(tmp, 'dist');
  cacheDir = path.join(tmp, 'cache');
  await copyBlogContent(content);
  await generateArticles(content, ARTICLES);
  cold = await siteBuild();
}, 600_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('the search index of 4,000 articles', () => {
  it('holds every article', async () => {
    const manifest = JSON.parse(String(await read(SEARCH_MANIFEST))) as SearchManifest;
    expect(manifest.count).toBe(ARTICLES + OWN);
    expect(cold.stats.search.rendered).toBe(ARTICLES + OWN);
    expect(await slugs('benchmark article 1234')).toContain('/blog/bench-01234');
  });

  it('a first search for a common word downloads the manifest, its shards and its first results: at most 100 KB gzip', async () => {
    const manifestBytes = await read(SEARCH_MANIFEST);
    const manifest = JSON.parse(String(manifestBytes)) as SearchManifest;
    // "brand" is in nearly every generated article; "sal" stands for a word being typed ("sales").
    for (const query of ['brand', 'sal']) {
      const { words, prefix } = parseQuery(query);
      const shards = words.flatMap((w, i) => shardKeysFor(Object.keys(manifest.terms), w, prefix && i === words.length - 1)).map((k) => manifest.terms[k]!);
      const ids = await index().find(query);
      expect(ids.length).toBeGreaterThan(ARTICLES / 2);
      // The island shows the first 24 results (widgets/lib/blogResults.ts).
      const chunks = [...new Set(ids.slice(0, 24).map((id) => manifest.docs[Math.floor(id / manifest.chunk)]!))];
      let gzip = gzipSync(manifestBytes).length;
      for (const url of [...shards, ...chunks]) gzip += gzipSync(await read(url)).length;
      expect(gzip).toBeLessThanOrEqual(100 * 1024);
    }
  });

  it('a warm build takes unchanged articles\' words from the cache, and indexes a changed one', async () => {
    const file = path.join(content, 'blog', 'bench-00007.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nA quokka reviews the deck.\n`);
    const warm = await siteBuild();
    expect(warm.stats.search).toEqual({ rendered: 1, cached: ARTICLES + OWN - 1, here: 0 });
    expect(await slugs('quokka')).toEqual(['/blog/bench-00007']);
  });

  it('without its cache of words, a build whose pages come from the cache renders the bodies for the index', async () => {
    for (const name of ['search-posts.pack']) await unlink(path.join(cacheDir, name));
    const file = path.join(content, 'blog', 'bench-00008.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nA wombat reads it.\n`);
    const again = await siteBuild();
    expect(again.stats.search).toEqual({ rendered: 1, cached: 0, here: ARTICLES + OWN - 1 });
    expect(await slugs('wombat')).toEqual(['/blog/bench-00008']);
    expect(await slugs('quokka')).toEqual(['/blog/bench-00007']);
  });
});
