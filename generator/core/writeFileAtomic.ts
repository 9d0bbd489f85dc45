/**
 * Writes a file whole under a temporary name beside it, then renames it into place, so a reader (or a
 * build that stops half-way) never sees half a file; a failed write leaves no temporary file behind.
 */
import { renameSync, unlinkSync, writeFileSync } from 'node:fs';

/** A temporary name beside `file`, unique to this process and call. */
export const tmpNameFor = (file: string): string => `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;

export function writeFileAtomic(file: string, data: string | Uint8Array): void {
  const tmp = tmpNameFor(file);
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      /* never written */
    }
    throw e;
  }
}
