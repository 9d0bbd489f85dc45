/**
 * generator/search/patchSearchIndex.ts: an index updated after a few entries changed is, file for file,
 * the index built whole from the changed entries, however the shards split again.
 */
import { describe, expect, it } from 'vitest';
import { assembleIndex, buildSearchIndex, docChunks, termsOf, type SearchDoc } from '../../../generator/search/buildSearchIndex.ts';
import { patchSearchIndex } from '../../../generator/search/patchSearchIndex.ts';

const vocabulary = 'brand deck slide layout color font template prompt team sales marketing chart story audience pitch review quarter metric insight design theme outline speaker notes'.split(' ');

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

const docOf = (i: number, r: () => number, extra: string[] = []): SearchDoc => ({
  url: `/blog/post-${i}`,
  title: `Post ${i}`,
  description: `About post ${i}`,
  words: [...Array.from({ length: 6 }, () => vocabulary[Math.floor(r() * vocabulary.length)]!), ...extra],
});

/** Small shards and chunks, so a change moves words between shards and touches a chunk. */
const options = { shardBytes: 120, chunk: 4 };

function previousOf(docs: SearchDoc[]) {
  const assembled = assembleIndex(termsOf(docs), docChunks(docs, options.chunk), docs.length, options);
  return { shards: assembled.shards, chunks: assembled.chunks };
}

describe('patchSearchIndex', () => {
  it('gives the files a whole build gives, for words gained and lost, a new title, and a new word that splits a shard', () => {
    const r = rng(7);
    const before = Array.from({ length: 30 }, (_, i) => docOf(i, r));
    const after = before.map((d) => ({ ...d }));
    after[3] = { ...before[3]!, words: ['brand', 'zebra', 'zebras', 'zebrafish', 'zeal'] };
    after[17] = { ...before[17]!, title: 'A new title', words: [...before[17]!.words, 'deckhand', 'decks', 'deckle'] };
    after[29] = { ...before[29]!, words: [...before[29]!.words].slice(2) };
    const changes = [3, 17, 29].map((id) => ({ id, before: before[id]!.words, after: after[id]! }));
    const patched = patchSearchIndex(previousOf(before), after.length, changes, options);
    expect(patched).not.toBeNull();
    expect(patched!.files).toEqual(buildSearchIndex(after, options));
  });

  it('gives the same files over many random edits in a row', () => {
    const r = rng(11);
    let docs = Array.from({ length: 25 }, (_, i) => docOf(i, r));
    let previous = previousOf(docs);
    for (let round = 0; round < 40; round++) {
      const next = docs.map((d) => ({ ...d }));
      const ids = [...new Set(Array.from({ length: 1 + Math.floor(r() * 3) }, () => Math.floor(r() * docs.length)))];
      for (const id of ids) next[id] = docOf(id, r, r() < 0.5 ? [`w${Math.floor(r() * 5)}x`] : []);
      const patched = patchSearchIndex(previous, next.length, ids.map((id) => ({ id, before: docs[id]!.words, after: next[id]! })), options);
      expect(patched!.files).toEqual(buildSearchIndex(next, options));
      docs = next;
      previous = { shards: patched!.shards, chunks: patched!.chunks };
    }
  });

  it('is null when the previous index does not hold what the change says was there', () => {
    const docs = Array.from({ length: 8 }, (_, i) => docOf(i, rng(i)));
    const change = { id: 2, before: ['notthere'], after: docs[2]! };
    expect(patchSearchIndex(previousOf(docs), docs.length, [change], options)).toBeNull();
    expect(patchSearchIndex(previousOf(docs), docs.length + 10, [], options)).toBeNull();
  });
});
