/**
 * generator/search/buildSearchIndex.ts and the browser's reader of its files (generator/islands/
 * searchIndex.ts): what a query finds in an index built from a few entries, and how the index is split.
 */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, MANIFEST_FILE, type SearchDoc } from '../../../generator/search/buildSearchIndex.ts';
import { decodePostings, encodePostings, SEARCH_MANIFEST, shardKeysFor, type SearchManifest } from '../../../generator/islands/searchFormat.ts';
import { parseQuery, searchIndex } from '../../../generator/islands/searchIndex.ts';
import { searchWords } from '../../../generator/islands/searchWords.ts';

const doc = (slug: string, title: string, text: string): SearchDoc => ({
  url: `/blog/${slug}`,
  title,
  description: `About ${title}`,
  words: searchWords(`${title} ${text}`),
});

const docs = [
  doc('a', 'Présentations de marque', 'Les couleurs et la typographie d’une marque.'),
  doc('b', 'Brand decks', 'Consistent presentation templates for sales teams.'),
  doc('c', 'Sales pitch', 'A pitch deck that presents the quarter.'),
];

/** The index's files as a static host serves them (path from the site root -> parsed JSON), and what was fetched. */
function served(files: Map<string, string>) {
  const fetched: string[] = [];
  const load = async (url: string) => {
    fetched.push(url);
    const file = files.get(url.slice(1));
    if (file === undefined) throw new Error(`404 ${url}`);
    return JSON.parse(file) as unknown;
  };
  return { fetched, index: searchIndex(SEARCH_MANIFEST, load) };
}

describe('searchWords', () => {
  it('lower-cases, drops accents and splits at anything but letters and digits', () => {
    expect(searchWords('Présentations, ÉTÉ & naïve co-pilot 2025!')).toEqual(['presentations', 'ete', 'naive', 'co', 'pilot', '2025']);
  });
});

describe('postings', () => {
  it('round-trip ascending entry numbers as base-36 gaps', () => {
    const ids = [0, 1, 2, 40, 41, 1000, 4321];
    expect(decodePostings(encodePostings(ids))).toEqual(ids);
    expect(encodePostings([3, 4, 40])).toBe('3,1,10');
  });
});

describe('a query', () => {
  const files = buildSearchIndex(docs);

  it('finds entries by any word of their text, case- and accent-insensitively', async () => {
    const { index } = served(files);
    expect(await index.find('TYPOGRAPHIE')).toEqual([0]);
    expect(await index.find('presentations')).toEqual([0]);
    expect(await index.find('quarter')).toEqual([2]);
  });

  it('needs every word, and takes the last one as the start of a word', async () => {
    const { index } = served(files);
    expect(await index.find('sales')).toEqual([1, 2]);
    expect(await index.find('sales pit')).toEqual([2]);
    expect(await index.find('pres')).toEqual([0, 1, 2]);
    // Only the last word may go on.
    expect(await index.find('pres sales')).toEqual([]);
    expect(await index.find('zebra')).toEqual([]);
    expect(await index.find('  ')).toEqual([]);
  });

  it('a one-letter last word is matched whole', () => {
    expect(parseQuery('deck s')).toEqual({ words: ['deck', 's'], prefix: false });
    expect(parseQuery('Deck de')).toEqual({ words: ['deck', 'de'], prefix: true });
  });

  it('lists results with their URL, title and description', async () => {
    const { index } = served(files);
    expect(await index.results([2, 0])).toEqual([
      { url: '/blog/c', title: 'Sales pitch', description: 'About Sales pitch' },
      { url: '/blog/a', title: 'Présentations de marque', description: 'About Présentations de marque' },
    ]);
  });

  it('downloads nothing before the first query, and each file once', async () => {
    const { index, fetched } = served(files);
    expect(fetched).toEqual([]);
    await index.find('sales');
    await index.find('sales deck');
    expect(fetched.filter((u) => u === SEARCH_MANIFEST)).toHaveLength(1);
    expect(new Set(fetched).size).toBe(fetched.length);
  });
});

describe('splitting', () => {
  // 600 entries, each with a word of its own ("w0042") and words many share.
  const many = Array.from({ length: 600 }, (_, i) => ({
    url: `/p/${i}`,
    title: `Entry ${i}`,
    description: '',
    words: [`w${String(i).padStart(4, '0')}`, `common${i % 7}`, 'everywhere', ...(i % 2 ? ['odd'] : [])],
  }));
  const files = buildSearchIndex(many, { shardBytes: 1024, chunk: 50 });
  const manifest = JSON.parse(files.get(MANIFEST_FILE)!) as SearchManifest;

  it('splits the words into shards by how they start, each file named by its hash', () => {
    const keys = Object.keys(manifest.terms);
    expect(keys.length).toBeGreaterThan(5);
    for (const [file, json] of files) {
      if (file === MANIFEST_FILE) continue;
      expect(file).toMatch(/^assets\/search\/[td]\.[0-9a-f]{12}\.json$/);
    }
    // Shards stay near their size, unless one word alone is bigger.
    for (const url of Object.values(manifest.terms)) {
      const shard = JSON.parse(files.get(url.slice(1))!) as Record<string, string>;
      const size = files.get(url.slice(1))!.length;
      expect(size <= 1024 + 64 || Object.keys(shard).length === 1).toBe(true);
    }
    expect(manifest.docs).toHaveLength(12);
    expect(manifest.count).toBe(600);
  });

  it('a query loads only the shards of its words', async () => {
    const { index, fetched } = served(files);
    expect(await index.find('w0042')).toEqual([42]);
    // The manifest and one shard of words.
    expect(fetched).toHaveLength(2);
    expect((await index.find('odd common3')).length).toBe(many.filter((_, i) => i % 2 && i % 7 === 3).length);
    expect(await index.find('w004')).toEqual(Array.from({ length: 10 }, (_, k) => 40 + k));
    expect((await index.results([42, 599])).map((r) => r.url)).toEqual(['/p/42', '/p/599']);
  });

  it('finds the shards of a word: the longest key it starts with, and longer keys for a prefix', () => {
    const keys = ['', 'a', 'ab', 'abc', 'abd', 'b'];
    expect(shardKeysFor(keys, 'abcd', false)).toEqual(['abc']);
    expect(shardKeysFor(keys, 'ab', true)).toEqual(['ab', 'abc', 'abd']);
    expect(shardKeysFor(keys, 'zz', true)).toEqual(['']);
  });
});
