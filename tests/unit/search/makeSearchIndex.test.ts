/**
 * generator/search/makeSearchIndex.ts (the index a build writes and `site dev` serves, each body's words
 * from the page that rendered it) and searchDoc.ts: which entries are searched, by which fields, and what
 * their results show.
 */
import { describe, expect, it } from 'vitest';
import { BuildCache } from '../../../generator/cache/BuildCache.ts';
import { SiteError } from '../../../generator/core/errors.ts';
import { bodyWords } from '../../../generator/search/bodyWords.ts';
import { makeSearchIndex } from '../../../generator/search/makeSearchIndex.ts';
import { MANIFEST_FILE } from '../../../generator/search/buildSearchIndex.ts';
import { searchIndex } from '../../../generator/islands/searchIndex.ts';
import type { Route, SearchOptions } from '../../../generator/site/defineConfig.ts';

const entry = (slug: string, data: Record<string, unknown>, html: string) => ({ slug, file: `notes/${slug}.md`, hash: slug, headings: [], words: 0, html, ...data });
const collections = {
  notes: [
    entry('one', { title: 'First note', summary: 'About tea', tags: ['green', 'oolong'] }, '<p>Steep for <em>three</em> minutes.</p>'),
    entry('two', { title: 'Second note', summary: 'About coffee', tags: [] }, '<p>Grind it fine.</p>'),
    entry('draft', { title: 'Draft note', summary: 'Not yet', tags: [] }, '<p>Secret tea.</p>'),
  ],
};
const routes = ['/n/one', '/n/two'].map((path) => ({ path }) as Route);
const search: SearchOptions = { collection: 'notes', fields: ['summary', 'tags', 'body'], url: (e) => `/n/${e.slug}` };
/** The index with each body's words taken from its rendered page, as a build takes them (no cache). */
const searchFiles = (options: SearchOptions | undefined, content: typeof collections, table: Route[]) =>
  makeSearchIndex({
    search: options,
    collections: content,
    lists: {},
    routes: table,
    contentDir: '/nowhere',
    rendered: content.notes.map((e) => ({ search: { hash: e.hash, words: bodyWords(e.html) } })),
    cache: BuildCache.open(null, { read: false }),
    key: 'test',
    render: () => {
      throw new Error('every body was rendered with its page');
    },
  }).files;
const reader = (files: Map<string, string>) => searchIndex('/search/index.json', async (url) => JSON.parse(files.get(url.slice(1))!) as unknown);

describe('makeSearchIndex', () => {
  it('indexes the named fields (strings and lists of strings) and the body of each entry with a page', async () => {
    const index = reader(searchFiles(search, collections, routes));
    expect(await index.find('oolong')).toEqual([0]);
    expect(await index.find('three minutes')).toEqual([0]);
    expect(await index.find('coffee')).toEqual([1]);
    // Not a searched field.
    expect(await index.find('second')).toEqual([]);
    // No page: not searched at all.
    expect(await index.find('secret')).toEqual([]);
    expect(JSON.parse(searchFiles(search, collections, routes).get(MANIFEST_FILE)!).count).toBe(2);
    expect(await index.results([1])).toEqual([{ url: '/n/two', title: 'Second note', description: '' }]);
  });

  it('shows what the site\'s result function returns', async () => {
    const files = searchFiles({ ...search, result: (e) => ({ title: `Note: ${String(e.title)}`, description: String(e.summary) }) }, collections, routes);
    expect(await reader(files).results([0])).toEqual([{ url: '/n/one', title: 'Note: First note', description: 'About tea' }]);
  });

  it('names the site\'s function that threw', () => {
    let error: unknown;
    try {
      searchFiles({ ...search, url: () => { throw new Error('no slug'); } }, collections, routes);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SiteError);
    // Where the function was written: this file, at its line.
    expect((error as SiteError).message).toMatch(/^tests\/unit\/search\/makeSearchIndex\.test\.ts:\d+: the site's `search\.url` threw: no slug\./);
  });

  it('is empty for a site without search', () => {
    expect(searchFiles(undefined, collections, routes).size).toBe(0);
  });
});
