/** An entry as the search index takes it: its body's words stay one string until the index reads them. */
import { describe, expect, it } from 'vitest';
import { buildSearchIndex } from '../../../generator/search/buildSearchIndex.ts';
import { searchDoc } from '../../../generator/search/searchDoc.ts';
import type { Entry, SearchOptions } from '../../../generator/site/defineConfig.ts';

const search: SearchOptions = { collection: 'posts', fields: ['title', 'tags', 'body'], url: (e) => `/blog/${e.slug}` };
const entry = (slug: string, title: string, tags: string[]) =>
  ({ slug, file: `blog/${slug}.md`, hash: slug, title, tags, description: `About ${title}`, html: '', headings: [], words: 0 }) as unknown as Entry<Record<string, unknown>>;

describe('searchDoc', () => {
  it("keeps the body's words as one string until they are read, and gives the same words on every read", () => {
    const doc = searchDoc(search, entry('a', 'Slide decks', ['design']), '/blog/a', 'templates brand colour');
    expect(Array.isArray(doc.words)).toBe(false);
    expect([...doc.words]).toEqual(['slide', 'decks', 'design', 'templates', 'brand', 'colour']);
    expect([...doc.words]).toEqual([...doc.words]);
  });

  it('makes the same index as words given as lists', () => {
    const docs = [searchDoc(search, entry('a', 'Slide decks', ['design']), '/blog/a', 'templates brand'), searchDoc(search, entry('b', 'Brand kits', []), '/blog/b', 'decks colour')];
    const listed = docs.map((d) => ({ ...d, words: [...d.words] }));
    expect(buildSearchIndex(docs)).toEqual(buildSearchIndex(listed));
  });
});
