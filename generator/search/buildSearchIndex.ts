/**
 * A site's search index as static files (generator/islands/searchFormat.ts), from its entries' words:
 * the words are split into shards by how they start, each shard at most about `shardBytes` (a key that
 * holds too many words is split by its next letter), so that a query downloads only the few shards its
 * words start like; what the results show comes in chunks of `chunk` entries. Files are named by the
 * hash of their content. Pure: entries in, output files (path -> JSON) out.
 */
import { contentHash } from '../core/contentHash.ts';
import { encodePostings, type DocChunk, type SearchManifest, type TermShard } from '../islands/searchFormat.ts';

export interface SearchDoc {
  url: string;
  title: string;
  description: string;
  /** Its words (searchWords of its indexed fields), repeats allowed. */
  words: Iterable<string>;
}

export interface SearchIndexOptions {
  /** Most bytes of JSON a shard of words should have (a single word's postings may exceed it). Default 32 KB. */
  shardBytes?: number;
  /** Entries per chunk of results. Default 200. */
  chunk?: number;
}

/** The manifest's path in the output; the other files are under ASSET_DIR. */
export const MANIFEST_FILE = 'search/index.json';
export const ASSET_DIR = 'assets/search';
/** A key is never longer than this: a shard that is still too big then stays so. */
const MAX_KEY = 12;

export function buildSearchIndex(docs: readonly SearchDoc[], options: SearchIndexOptions = {}): Map<string, string> {
  return assembleIndex(termsOf(docs), docChunks(docs, options.chunk ?? 200), docs.length, options).files;
}

/** Every word of `docs` with its postings (the entries' numbers, encoded), sorted by word. */
export function termsOf(docs: readonly SearchDoc[]): [string, string][] {
  const postings = new Map<string, number[]>();
  docs.forEach((doc, id) => {
    for (const word of doc.words) {
      const list = postings.get(word);
      if (!list) postings.set(word, [id]);
      else if (list.at(-1) !== id) list.push(id);
    }
  });
  return sortTerms([...postings].map(([word, ids]) => [word, encodePostings(ids)]));
}

export const sortTerms = (terms: [string, string][]): [string, string][] => terms.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** What a result shows, `chunk` entries a file: each chunk's JSON. */
export const docChunks = (docs: readonly SearchDoc[], chunk: number): string[] => {
  const chunks: string[] = [];
  for (let start = 0; start < docs.length; start += chunk) chunks.push(chunkJson(docs.slice(start, start + chunk)));
  return chunks;
};

export const chunkJson = (docs: readonly Pick<SearchDoc, 'url' | 'title' | 'description'>[]): string =>
  JSON.stringify(docs.map((d) => [d.url, d.title, d.description]) satisfies DocChunk);

/** One file of the index: its path in the output and its JSON. */
export interface IndexFile {
  file: string;
  json: string;
}

export interface AssembledIndex {
  /** Output path -> JSON. */
  files: Map<string, string>;
  /** Each shard of words by its key, each chunk of results by its number: what an update starts from (patchSearchIndex.ts). */
  shards: Map<string, IndexFile>;
  chunks: IndexFile[];
}

/**
 * The index's files from its sorted terms and its chunks' JSON. `reuse` may give a shard's file as an
 * earlier index had it, when the caller knows its words and postings are the same (its JSON is then not
 * made and hashed again).
 */
export function assembleIndex(
  terms: [string, string][],
  chunks: readonly string[],
  count: number,
  options: SearchIndexOptions = {},
  reuse: (key: string, group: [string, string][]) => IndexFile | null = () => null,
): AssembledIndex {
  const files = new Map<string, string>();
  const named = (prefix: string, json: string): IndexFile => ({ file: `${ASSET_DIR}/${prefix}.${contentHash(json).slice(0, 12)}.json`, json });
  const manifest: SearchManifest = { version: 1, count, terms: {}, docs: [], chunk: options.chunk ?? 200 };
  const shards = new Map<string, IndexFile>();
  for (const [key, group] of splitShards(terms, '', options.shardBytes ?? 32 * 1024)) {
    const shard = reuse(key, group) ?? named('t', JSON.stringify(Object.fromEntries(group) satisfies TermShard));
    shards.set(key, shard);
    files.set(shard.file, shard.json);
    manifest.terms[key] = `/${shard.file}`;
  }
  const docFiles = chunks.map((json) => named('d', json));
  for (const { file, json } of docFiles) {
    files.set(file, json);
    manifest.docs.push(`/${file}`);
  }
  files.set(MANIFEST_FILE, JSON.stringify(manifest));
  return { files, shards, chunks: docFiles };
}

/** JSON bytes of a shard's words (close enough: "word":"postings",). */
const bytesOf = (group: readonly [string, string][]) => group.reduce((n, [w, p]) => n + w.length + p.length + 6, 2);

/**
 * The words (sorted) that start with `key`, as [key, words] shards: one shard if it is small enough,
 * else the word equal to the key (if any) and the shards of each next letter.
 */
function splitShards(words: [string, string][], key: string, shardBytes: number): [string, [string, string][]][] {
  if (!words.length) return [];
  if (bytesOf(words) <= shardBytes || key.length >= MAX_KEY) return [[key, words]];
  const shards: [string, [string, string][]][] = [];
  const own = words.filter(([w]) => w.length === key.length);
  if (own.length) shards.push([key, own]);
  const byNext = new Map<string, [string, string][]>();
  for (const entry of words) {
    if (entry[0].length === key.length) continue;
    const next = entry[0].slice(0, key.length + 1);
    const group = byNext.get(next);
    if (group) group.push(entry);
    else byNext.set(next, [entry]);
  }
  for (const [next, group] of byNext) shards.push(...splitShards(group, next, shardBytes));
  return shards;
}
