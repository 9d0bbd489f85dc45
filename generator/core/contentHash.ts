/** The one content hash of the build cache: SHA-256, hex. Same input, same hash, in every process. */
import { createHash } from 'node:crypto';

export const contentHash = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** contentHash of the bytes of `chunks` one after the other, without joining them. */
export const chunksHash = (chunks: readonly Uint8Array[]): string => {
  const h = createHash('sha256');
  for (const c of chunks) h.update(c);
  return h.digest('hex');
};

/**
 * Hash of several parts, unambiguous: ["ab", "c"] and ["a", "bc"] differ. Each part is hashed as its
 * byte length, ":" and its bytes. Parts that are all strings (page keys: a few dozen per page) go to the
 * hash as one string: each update() is a call into C++.
 */
export const hashParts = (parts: readonly (string | Uint8Array)[]): string => {
  const h = createHash('sha256');
  if (parts.every((p) => typeof p === 'string')) {
    let text = '';
    for (const p of parts as readonly string[]) text += `${Buffer.byteLength(p)}:${p}`;
    return h.update(text).digest('hex');
  }
  for (const p of parts) h.update(`${typeof p === 'string' ? Buffer.byteLength(p) : p.byteLength}:`).update(p);
  return h.digest('hex');
};
