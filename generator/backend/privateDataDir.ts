import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes a data dir private to its owner: the folder (created if missing)
 * and every folder under it 0700, every file 0600. The data dir holds
 * personal data and password hashes; PGlite writes the files of a fresh
 * database 0666 and some later files with the process umask, so this runs
 * before the database opens, after it opened and after it closed.
 * Symbolic links are left alone (their targets are not ours to change).
 */
export function privateDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir);
}

function tighten(dir: string): void {
  chmod(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    try {
      if (entry.isDirectory()) tighten(file);
      else if (entry.isFile() && (lstatSync(file).mode & 0o777) !== 0o600) chmod(file, 0o600);
    } catch (error) {
      // A file Postgres removed meanwhile (a temporary one) needs nothing.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** A file of another user (EPERM) keeps its mode: the 0700 folders above it still keep others out. */
function chmod(file: string, mode: number): void {
  try {
    chmodSync(file, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}
