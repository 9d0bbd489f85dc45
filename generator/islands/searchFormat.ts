/**
 * The files of a site's search index (generator/search/buildSearchIndex.ts writes them, searchIndex.ts
 * reads them in the browser). One small manifest at a fixed URL names every other file by its content
 * hash, so those can be cached for ever and the manifest only revalidated:
 *   /search/index.json          SearchManifest
 *   /assets/search/t.<hash>.json  TermShard: the words that start with one key
 *   /assets/search/d.<hash>.json  DocChunk: what `chunk` results in a row show
 * Words are searchWords() of the entries' fields; entries are numbered in the collection's order.
 */

/** Where the manifest is, from the site's root. */
export const SEARCH_MANIFEST = '/search/index.json';

/** Where a locale's manifest is on a multilingual site (an index per locale), from the site's root. */
export const localeSearchManifest = (code: string) => `/search/${code}/index.json`;

/** The <meta name> by which a page names the manifest of its own index (its locale's), for searchIndex() to find. */
export const SEARCH_INDEX_META = 'search-index';

export interface SearchManifest {
  version: 1;
  /** How many entries the index holds. */
  count: number;
  /**
   * Shard key -> URL of its TermShard. A word is in the shard of the longest key it starts with (the key
   * "" when the whole index fits one shard).
   */
  terms: Record<string, string>;
  /** URLs of the DocChunks, in entry order. */
  docs: string[];
  /** Entries per DocChunk. */
  chunk: number;
}

/** Word -> the numbers of the entries that have it, ascending, as gaps in base 36 joined by ",". */
export type TermShard = Record<string, string>;

/** Per entry: its URL, title and description. */
export type DocChunk = [url: string, title: string, description: string][];

/** The postings string of ascending entry numbers. */
export function encodePostings(ids: readonly number[]): string {
  let last = 0;
  return ids
    .map((id, i) => {
      const gap = i === 0 ? id : id - last;
      last = id;
      return gap.toString(36);
    })
    .join(',');
}

/** The ascending entry numbers of a postings string. */
export function decodePostings(postings: string): number[] {
  const ids: number[] = [];
  let id = 0;
  postings.split(',').forEach((gap, i) => {
    id = i === 0 ? parseInt(gap, 36) : id + parseInt(gap, 36);
    ids.push(id);
  });
  return ids;
}

/**
 * The shard keys a word needs: the longest key it starts with, and with `prefix` (the word may go on),
 * every longer key that starts with the word. Pure.
 */
export function shardKeysFor(keys: readonly string[], word: string, prefix: boolean): string[] {
  let own: string | undefined;
  for (const k of keys) if (word.startsWith(k) && (own === undefined || k.length > own.length)) own = k;
  const needed = own === undefined ? [] : [own];
  if (prefix) for (const k of keys) if (k.length > word.length && k.startsWith(word)) needed.push(k);
  return needed;
}
