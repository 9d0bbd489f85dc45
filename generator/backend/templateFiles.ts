import { chmodSync, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, type Stats } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { tmpNameFor } from '../core/writeFileAtomic.ts';

/** A cached tarball may be used only when this user owns it and no one else may change it. */
const usable = (s: Stats): boolean => (process.getuid === undefined || s.uid === process.getuid()) && (s.mode & 0o022) === 0;

/**
 * A cached database tarball (a dumpDataDir file) when it may be used: this user wrote it and no one else
 * may change it (made 0600 if it was looser for its owner), else null. The temp folder is shared, and a
 * planted file would become every new database.
 */
export function readOwnTarball(file: string): Buffer<ArrayBuffer> | null {
  try {
    if (!existsSync(file) || !usable(statSync(file))) return null;
    chmodSync(file, 0o600);
    return readFileSync(file);
  } catch {
    return null; // unreadable: made again
  }
}

/** Whether `file` is a tarball readOwnTarball would use, without reading it. */
export function ownTarballExists(file: string): boolean {
  try {
    return usable(statSync(file));
  } catch {
    return false;
  }
}

/**
 * Writes a tarball 0600, to a temporary name then renamed, so a parallel process never reads half a file.
 * A file another user owns is not replaced (the rename fails on a sticky /tmp): the caller keeps its copy.
 */
export function writeTarball(file: string, bytes: Uint8Array): void {
  const tmp = tmpNameFor(file);
  writeFileSync(tmp, bytes, { mode: 0o600 });
  try {
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}

/** The installed PGlite's version: a tarball from another version is not reused. */
export function pgliteVersion(): string {
  try {
    let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (!existsSync(path.join(dir, 'package.json')) && dir !== path.dirname(dir)) dir = path.dirname(dir);
    return String((JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version);
  } catch {
    return 'unknown';
  }
}
