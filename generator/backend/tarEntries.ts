import { gunzipSync } from 'node:zlib';

/** One entry of a ustar archive: a folder or a file, its path as the archive names it, its bytes (a view into the archive). */
export interface TarEntry {
  name: string;
  type: 'dir' | 'file';
  data: Uint8Array;
  /** Seconds since the epoch. */
  mtime: number;
}

/** The archive itself: a gzipped one is unzipped first. */
export function tarBytes(tarball: Uint8Array): Uint8Array {
  return tarball[0] === 0x1f && tarball[1] === 0x8b ? gunzipSync(tarball) : tarball;
}

/**
 * The folders and files of a ustar archive (a dumpDataDir tarball), in the archive's order; other kinds of
 * entries are left out. The files' bytes are views into `tar` (plain Uint8Arrays, whose slice() copies,
 * even when `tar` is a Buffer), not copies. Bytes that are no archive (a header without the ustar mark,
 * an entry cut short) are refused.
 */
export function tarEntries(archive: Uint8Array): TarEntry[] {
  const tar = new Uint8Array(archive.buffer, archive.byteOffset, archive.byteLength);
  const entries: TarEntry[] = [];
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break; // the archive's end
    if (text(header, 257, 5) !== 'ustar') throw new Error(`The database tarball is not a ustar archive (no ustar header at byte ${offset})`);
    const size = octal(header, 124, 12);
    if (offset + 512 + size > tar.length) throw new Error(`The database tarball is cut short (an entry at byte ${offset} ends past its end)`);
    const type = String.fromCharCode(header[156]!);
    const prefix = text(header, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + text(header, 0, 100);
    const data = tar.subarray(offset + 512, offset + 512 + size);
    const mtime = octal(header, 136, 12);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === '5') entries.push({ name, type: 'dir', data, mtime });
    else if (type === '0' || type === '\0') entries.push({ name, type: 'file', data, mtime });
  }
  return entries;
}

const decoder = new TextDecoder();

function text(header: Uint8Array, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return decoder.decode(field.subarray(0, end === -1 ? length : end));
}

function octal(header: Uint8Array, start: number, length: number): number {
  return parseInt(text(header, start, length).trim() || '0', 8);
}
