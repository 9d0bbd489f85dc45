/** The one content hash of the build cache: SHA-256, hex. Same input, same hash, in every process. */
import { createHash } from 'node:crypto';

export const contentHash = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** Hash of several parts, unambiguous: ["ab", "c"] and ["a", "bc"] differ. */
export const hashParts = (parts: readonly (string | Uint8Array)[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(`${typeof p === 'string' ? Buffer.byteLength(p) : p.byteLength}:`).update(p);
  return h.digest('hex');
};
