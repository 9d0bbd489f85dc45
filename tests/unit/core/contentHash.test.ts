/** The cache's one hash: SHA-256 hex of content, and of several parts, unambiguously joined. */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chunksHash, contentHash, hashParts } from '../../../generator/core/contentHash.ts';

const sha = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('contentHash', () => {
  it('is the SHA-256 of the UTF-8 bytes, the same for a string and its bytes', () => {
    expect(contentHash('Déjà vu')).toBe(sha(Buffer.from('Déjà vu')));
    expect(contentHash(Buffer.from('Déjà vu'))).toBe(contentHash('Déjà vu'));
  });
});

describe('chunksHash', () => {
  it('is the contentHash of the chunks joined', () => {
    const chunks = ['<!doctype html>', '“quoted” — 日本', '', 'x'.repeat(70_000)].map((s) => Buffer.from(s));
    expect(chunksHash(chunks)).toBe(contentHash(Buffer.concat(chunks)));
    expect(chunksHash([])).toBe(contentHash(''));
  });
});

describe('hashParts', () => {
  it('hashes each part as its byte length, ":" and its bytes', () => {
    expect(hashParts(['ab', 'é'])).toBe(sha('2:ab2:é'));
    expect(hashParts([])).toBe(sha(''));
  });

  it('tells apart parts that join to the same text', () => {
    expect(hashParts(['ab', 'c'])).not.toBe(hashParts(['a', 'bc']));
    expect(hashParts(['a', ''])).not.toBe(hashParts(['a']));
  });

  it('gives the same hash for a part as a string or as its bytes', () => {
    const parts = ['blog/', '“quoted” — 日本', 'x'.repeat(300)];
    expect(hashParts([parts[0]!, Buffer.from(parts[1]!), parts[2]!])).toBe(hashParts(parts));
  });
});
