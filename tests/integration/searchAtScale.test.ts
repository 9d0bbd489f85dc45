/**
 * The search index of the blog fixture (tests/fixtures/blog-site) at 4,000 generated articles, the size at
 * which its words are split into shards by their first two letters: a first search for a common word
 * downloads at most 100 KB gzip. One cold build with no social images (the index does not depend on them)
 * and nothing written: the files are read from the build's result. How the index follows edits:
 * search.test.ts.
 */
import { gzipSync } from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
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
let cold: BuildResult;

/** An output file as a static host serves it. */
const read = (url: string): Buffer => {
  const data = cold.files.get(url.replace(/^\//, ''));
  if (data === undefined) throw new Error(`the build wrote no ${url}`);
  return Buffer.from(data);
};
/** The built index, read as the browser reads it. */
const index = () => searchIndex(SEARCH_MANIFEST, async (url) => JSON.parse(String(read(url))) as unknown);

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-search-scale-'));
  const content = await copyBlogContent(path.join(tmp, 'content'));
  await generateArticles(content, ARTICLES);
  cold = await build({ root: BLOG_SITE, content, write: false, cacheDir: path.join(tmp, 'cache'), backend: null, socialImages: false, log: () => {}, progress: false });
}, 600_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('the search index of 4,000 articles', () => {
  it('holds every article, its words in shards of two-letter keys', async () => {
    const manifest = JSON.parse(String(read(SEARCH_MANIFEST))) as SearchManifest;
    expect(manifest.count).toBe(ARTICLES + OWN);
    expect(cold.stats.search.rendered).toBe(ARTICLES + OWN);
    expect(Object.keys(manifest.terms).some((k) => k.length === 2)).toBe(true);
    const i = index();
    expect((await i.results(await i.find('benchmark article 1234'))).map((r) => r.url)).toContain('/blog/bench-01234');
  });

  it('a first search for a common word downloads the manifest, its shards and its first results: at most 100 KB gzip', async () => {
    const manifestBytes = read(SEARCH_MANIFEST);
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
      for (const url of [...shards, ...chunks]) gzip += gzipSync(read(url)).length;
      expect(gzip).toBeLessThanOrEqual(100 * 1024);
    }
  });
});
