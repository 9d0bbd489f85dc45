import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { tarEntries } from './tarEntries.ts';

const gunzipped = promisify(gunzip);
/** Files written between two turns of the event loop: the dev server keeps answering while a data dir is filled. */
const FILES_PER_TURN = 64;

/**
 * Writes a dumpDataDir tarball (a ustar archive, gzipped or not) into `pgdata` with Node's own file calls,
 * as PGlite's `loadDataDir` would through its wasm file system, several times slower: folders 0700, files
 * 0600, each file's time kept. PG_VERSION, by which a folder is known to hold a database, is written
 * last, so a start cut short leaves a folder the next start fills again. Unzipped on the thread pool, and
 * written a few dozen files at a time: the process's other work (`site dev`'s pages) goes on meanwhile.
 */
export async function extractDataDir(tarball: Uint8Array, pgdata: string): Promise<void> {
  const tar = tarball[0] === 0x1f && tarball[1] === 0x8b ? await gunzipped(tarball) : tarball;
  const last: { file: string; data: Uint8Array; mtime: number }[] = [];
  mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  let written = 0;
  for (const entry of tarEntries(tar)) {
    const file = inside(pgdata, entry.name);
    if (entry.type === 'dir') {
      mkdirSync(file, { recursive: true, mode: 0o700 });
      continue;
    }
    if (path.basename(file) === 'PG_VERSION' && path.dirname(file) === path.resolve(pgdata)) last.push({ file, data: entry.data, mtime: entry.mtime });
    else writeFile(file, entry.data, entry.mtime);
    if (++written % FILES_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  for (const { file, data, mtime } of last) writeFile(file, data, mtime);
}

function writeFile(file: string, data: Uint8Array, mtime: number): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, data, { mode: 0o600 });
  utimesSync(file, mtime, mtime);
}

/** An entry's path under pgdata; one that would leave it is refused. */
function inside(pgdata: string, name: string): string {
  const root = path.resolve(pgdata);
  const file = path.resolve(root, `.${path.posix.sep}${name.replace(/^\/+/, '')}`);
  if (file !== root && !file.startsWith(root + path.sep)) throw new Error(`The database tarball names a path outside its folder: ${name}`);
  return file;
}
