// @vitest-environment happy-dom
/**
 * searchIndex() on a page reads the page's own index: its locale's on a multilingual site, which the page
 * names in <meta name="search-index">, else the site's one index at /search/index.json.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { pageSearchManifest, searchIndex } from '../../../generator/islands/searchIndex.ts';

const manifest = { version: 1, count: 1, terms: { '': '/assets/search/t.A.json' }, docs: ['/assets/search/d.A.json'], chunk: 64 };

/** The URLs a query makes searchIndex() download, and what it finds. */
async function fetched(index: (load: (url: string) => Promise<unknown>) => ReturnType<typeof searchIndex>): Promise<{ urls: string[]; found: number[] }> {
  const urls: string[] = [];
  const files: Record<string, unknown> = { '/assets/search/t.A.json': { karte: '0' } };
  const found = await index(async (url) => {
    urls.push(url);
    return files[url] ?? manifest;
  }).find('Karte');
  return { urls, found };
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe("searchIndex() on a page", () => {
  it("finds the page's locale index when the page names one", async () => {
    document.head.innerHTML = '<meta name="search-index" content="/search/de/index.json">';
    expect(pageSearchManifest()).toBe('/search/de/index.json');
    const { urls, found } = await fetched((load) => searchIndex(undefined, load));
    expect(urls[0]).toBe('/search/de/index.json');
    expect(found).toEqual([0]);
  });

  it("finds the site's one index on a page that names none", async () => {
    expect(pageSearchManifest()).toBe('/search/index.json');
    const { urls } = await fetched((load) => searchIndex(undefined, load));
    expect(urls[0]).toBe('/search/index.json');
  });
});
