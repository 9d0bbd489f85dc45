/**
 * The search index of the blog fixture (tests/fixtures/blog-site, its config's `search`) with 40
 * generated articles: built into the output as static files, and kept in the build cache by each
 * article's hash, so a warm build renders no unchanged article for the index. Its size at 4,000
 * articles: searchAtScale.test.ts.
 */
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../generator/build.ts';
import { SEARCH_MANIFEST, type SearchManifest } from '../../generator/islands/searchFormat.ts';
import { searchIndex } from '../../generator/islands/searchIndex.ts';
import { generateArticles } from '../../scripts/generateArticles.ts';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';

const ARTICLES = 40;
/** The fixture's own posts. */
const OWN = 6;
let tmp: string;
let content: string;
let out: string;
let cacheDir: string;
let cold: BuildResult;

// No social images: the index does not depend on them, and they would be most of each build's work.
const siteBuild = () => build({ root: BLOG_SITE, content, out, cacheDir, backend: null, socialImages: false, log: () => {}, progress: false });
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
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('the search index of the blog', () => {
  it('holds every article', async () => {
    const manifest = JSON.parse(String(await read(SEARCH_MANIFEST))) as SearchManifest;
    expect(manifest.count).toBe(ARTICLES + OWN);
    expect(cold.stats.search.rendered).toBe(ARTICLES + OWN);
    expect(await slugs('benchmark article 12')).toContain('/blog/bench-00012');
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
