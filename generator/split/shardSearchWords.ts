/**
 * The search words of a shard's pages: a page rendered now carries its body's words; one taken from the
 * shard's cache gets them from its pack of body words, else from rendering the body here. The shard's
 * pack then holds its own entries, for its next build. The merge joins them into the one index.
 */
import type { BuildCache } from '../cache/BuildCache.ts';
import { Pack } from '../cache/Pack.ts';
import type { MarkdownResult } from '../content/markdown.ts';
import type { BuiltPage } from '../stages/pageAnalysers.ts';
import { renderedWords } from '../search/makeSearchIndex.ts';
import { searchedEntries } from '../search/searchDoc.ts';
import type { ListCollection, SearchOptions } from '../site/defineConfig.ts';

export interface ShardWordsInput {
  search: SearchOptions | undefined;
  collections: Record<string, unknown>;
  lists: Record<string, ListCollection>;
  contentDir: string;
  /** The shard's pages, in route order. */
  pages: readonly BuiltPage[];
  cache: BuildCache;
  key: string;
  render: (source: string) => MarkdownResult;
}

/** Route path -> { entry hash, words } for the shard's pages of searched entries; `saved` settles when the pack is written. */
export function shardSearchWords(input: ShardWordsInput): { words: Map<string, { hash: string; words: string }>; saved: Promise<void> } {
  const { search } = input;
  const words = new Map<string, { hash: string; words: string }>();
  if (!search?.fields.includes('body')) return { words, saved: Promise.resolve() };
  const list = input.lists[search.collection]!;
  const pack = Pack.open<string>(input.cache, `search-${search.collection}`, input.key);
  const fresh = new Map<string, string>();
  for (const page of input.pages) if (page.search) fresh.set(page.search.hash, page.search.words);
  const kept: Record<string, string> = {};
  for (const { entry, url } of searchedEntries(search, input.collections, new Set(input.pages.map((p) => p.path)))) {
    const body = fresh.get(entry.hash) ?? pack.get(entry.hash) ?? renderedWords(input.contentDir, list, entry, input.render);
    kept[entry.hash] = body;
    words.set(url, { hash: entry.hash, words: body });
  }
  return { words, saved: pack.save(kept) };
}
