import { createHash } from 'node:crypto';
import path from 'node:path';

/** "logo.svg" + bytes -> "assets/logo.3f9a1c2b.svg": content-addressed, cache-forever names. */
export function hashName(name: string, bytes: string | Uint8Array): string {
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const ext = path.extname(name);
  return `assets/${path.basename(name, ext)}.${hash}${ext}`;
}
