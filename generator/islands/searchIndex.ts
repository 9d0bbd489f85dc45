/**
 * The browser side of a site's search index (searchFormat.ts): finds the entries that have every word
 * of a query, the last word also as the start of a longer one ("pres" finds "presentation"), in any
 * case and with or without accents. It downloads the manifest and only the shards its words need, each
 * file once, and the results' titles chunk by chunk as they are shown. No server, no WebAssembly.
 */
import { decodePostings, SEARCH_INDEX_META, SEARCH_MANIFEST, shardKeysFor, type DocChunk, type SearchManifest, type TermShard } from './searchFormat.ts';
import { searchWords } from './searchWords.ts';

/** A last word shorter than this is matched whole only (one letter would fetch a large part of the index). */
export const MIN_PREFIX = 2;

export interface SearchResult {
  url: string;
  title: string;
  description: string;
}

export interface SearchIndex {
  /** The numbers of the entries that match, in the collection's order ([] for a query without words). */
  find(query: string): Promise<number[]>;
  /** What the given entries show, in the order asked. */
  results(ids: readonly number[]): Promise<SearchResult[]>;
}

/** The words of a query and whether its last word may go on. Pure. */
export function parseQuery(query: string): { words: string[]; prefix: boolean } {
  const words = [...new Set(searchWords(query))];
  const last = words.at(-1);
  return { words, prefix: !!last && last.length >= MIN_PREFIX };
}

/**
 * The entries (of `count`) that have every word, given the shards loaded: each word exact, the last with
 * `prefix` also as the start of longer words. Pure.
 */
export function matchShards(count: number, words: readonly string[], prefix: boolean, shards: readonly TermShard[]): number[] {
  if (!words.length) return [];
  let result: Uint8Array | null = null;
  words.forEach((word, i) => {
    const open = prefix && i === words.length - 1;
    const hits = new Uint8Array(count);
    for (const shard of shards) {
      for (const term in shard) {
        if (term === word || (open && term.startsWith(word))) for (const id of decodePostings(shard[term]!)) hits[id] = 1;
      }
    }
    if (result) for (let id = 0; id < count; id++) result[id]! &= hits[id]!;
    else result = hits;
  });
  const ids: number[] = [];
  result!.forEach((hit, id) => hit && ids.push(id));
  return ids;
}

export type FetchJson = (url: string) => Promise<unknown>;

/** fetch() as JSON; a manifest is revalidated each time it is first asked for (the files under /assets/ are named by their hashes). */
const fetchJson: FetchJson = async (url) => {
  const response = await fetch(url, url.includes('/assets/') ? {} : { cache: 'no-cache' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
};

/**
 * The manifest of the page's own index: on a multilingual site its locale's, which the page names in
 * `<meta name="search-index">`; else the site's one index.
 */
export function pageSearchManifest(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): string {
  return doc?.querySelector<HTMLMetaElement>(`meta[name="${SEARCH_INDEX_META}"]`)?.content || SEARCH_MANIFEST;
}

/** The index at `manifestUrl` (by default the page's own: pageSearchManifest); nothing is downloaded until the first query. */
export function searchIndex(manifestUrl: string = pageSearchManifest(), load: FetchJson = fetchJson): SearchIndex {
  const files = new Map<string, Promise<unknown>>();
  const get = <T>(url: string): Promise<T> => {
    let file = files.get(url);
    if (!file) {
      file = load(url);
      // A failed download is tried again on the next query.
      file.catch(() => files.delete(url));
      files.set(url, file);
    }
    return file as Promise<T>;
  };
  const manifest = () => get<SearchManifest>(manifestUrl);
  return {
    async find(query) {
      const { words, prefix } = parseQuery(query);
      if (!words.length) return [];
      const m = await manifest();
      const keys = Object.keys(m.terms);
      const needed = new Set(words.flatMap((w, i) => shardKeysFor(keys, w, prefix && i === words.length - 1)));
      const shards = await Promise.all([...needed].map((k) => get<TermShard>(m.terms[k]!)));
      return matchShards(m.count, words, prefix, shards);
    },
    async results(ids) {
      const m = await manifest();
      const chunks = await Promise.all([...new Set(ids.map((id) => Math.floor(id / m.chunk)))].map(async (c) => [c, await get<DocChunk>(m.docs[c]!)] as const));
      const byChunk = new Map(chunks);
      return ids.map((id) => {
        const [url, title, description] = byChunk.get(Math.floor(id / m.chunk))![id % m.chunk]!;
        return { url, title, description };
      });
    },
  };
}
