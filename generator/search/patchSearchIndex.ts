/**
 * The search index after a few of its entries changed, from the index as the last build made it: only
 * the postings of the words an entry gained or lost are decoded and made again, only the shards of words
 * that hold one of them, and the chunks of results that show a changed entry, get new JSON. The entries
 * keep their numbers, so the count must be the same. Gives what buildSearchIndex gives for the same
 * entries, file for file (the shards are split again from every word, as a full build splits them).
 * Null when the previous index does not add up with the changes (the caller then builds it whole). Pure.
 */
import { decodePostings, encodePostings, type DocChunk, type TermShard } from '../islands/searchFormat.ts';
import { assembleIndex, chunkJson, sortTerms, type AssembledIndex, type IndexFile, type SearchDoc, type SearchIndexOptions } from './buildSearchIndex.ts';

export interface PreviousIndex {
  shards: ReadonlyMap<string, IndexFile>;
  chunks: readonly IndexFile[];
}

export interface DocChange {
  /** The entry's number in the index. */
  id: number;
  /** Its words in the previous index. */
  before: Iterable<string>;
  after: SearchDoc;
}

export function patchSearchIndex(previous: PreviousIndex, count: number, changes: readonly DocChange[], options: SearchIndexOptions = {}): AssembledIndex | null {
  const chunk = options.chunk ?? 200;
  if (previous.chunks.length !== Math.ceil(count / chunk)) return null;
  const postings = new Map<string, string>();
  const shardWords = new Map<string, Set<string>>();
  for (const [key, { json }] of previous.shards) {
    const shard = JSON.parse(json) as TermShard;
    shardWords.set(key, new Set(Object.keys(shard)));
    for (const word of Object.keys(shard)) postings.set(word, shard[word]!);
  }
  const affected = new Set<string>();
  for (const { id, before, after } of changes) {
    if (id >= count || !repost(postings, affected, id, new Set(before), new Set(after.words))) return null;
  }
  const chunks = previous.chunks.map(({ json }) => json);
  for (const [n, group] of groupBy(changes, (c) => Math.floor(c.id / chunk))) {
    const rows = JSON.parse(chunks[n]!) as DocChunk;
    for (const { id, after } of group) rows[id - n * chunk] = [after.url, after.title, after.description];
    chunks[n] = chunkJson(rows.map(([url, title, description]) => ({ url, title, description })));
  }
  // A shard whose words are the same as before, none of them with new postings, is the same file.
  const reuse = (key: string, group: [string, string][]): IndexFile | null => {
    const words = shardWords.get(key);
    if (!words || words.size !== group.length || group.some(([w]) => affected.has(w) || !words.has(w))) return null;
    return previous.shards.get(key)!;
  };
  return assembleIndex(sortTerms([...postings]), chunks, count, options, reuse);
}

/** Moves entry `id` out of the postings of the words it lost and into those it gained; false if the postings do not hold what `before` says. */
function repost(postings: Map<string, string>, affected: Set<string>, id: number, before: Set<string>, after: Set<string>): boolean {
  for (const word of before) {
    if (after.has(word)) continue;
    const held = postings.get(word);
    const ids = held === undefined ? [] : decodePostings(held);
    const at = ids.indexOf(id);
    if (at < 0) return false;
    ids.splice(at, 1);
    if (ids.length) postings.set(word, encodePostings(ids));
    else postings.delete(word);
    affected.add(word);
  }
  for (const word of after) {
    if (before.has(word)) continue;
    const held = postings.get(word);
    const ids = held === undefined ? [] : decodePostings(held);
    let at = 0;
    while (at < ids.length && ids[at]! < id) at++;
    if (ids[at] === id) return false;
    ids.splice(at, 0, id);
    postings.set(word, encodePostings(ids));
    affected.add(word);
  }
  return true;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}
