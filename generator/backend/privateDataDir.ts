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
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    try {
      if (entry.isDirectory()) tighten(file);
      else if (entry.isFile() && (lstatSync(file).mode & 0o777) !== 0o600) chmodSync(file, 0o600);
    } catch (error) {
      // A file Postgres removed meanwhile (a temporary one) needs nothing.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
