import { MemoryFS } from '@electric-sql/pglite';
import { tarBytes, tarEntries, type TarEntry } from './tarEntries.ts';

/** Where PGlite keeps its data dir in its wasm file system. */
const PGDATA = '/pglite/data';
/** The archives read last, kept read apart for the next database of the same template (a test file starts many). */
const KEPT = 3;
const kept = new Map<Uint8Array, TarEntry[]>();

/**
 * PGlite's in-memory file system, holding from the start the data dir of a dumpDataDir tarball. PGlite's
 * own `loadDataDir` reads the tarball through a Blob, unzips it through a web stream and untars it in
 * JavaScript on every start; here the archive is read apart once per process and each database gets a
 * copy of its files: the tarball's bytes are never written to.
 */
export function memoryDataDir(tarball: Uint8Array): MemoryFS {
  return new TarballMemoryFS(entriesOf(tarball));
}

class TarballMemoryFS extends MemoryFS {
  constructor(private readonly entries: TarEntry[]) {
    super();
  }

  override async initialSyncFs(): Promise<void> {
    await super.initialSyncFs();
    const fs = this.pg!.Module.FS;
    for (const entry of this.entries) {
      const file = `${PGDATA}/${entry.name.replace(/^\/+|\/+$/g, '')}`;
      if (entry.type === 'dir') {
        if (!fs.analyzePath(file).exists) fs.mkdirTree(file);
        continue;
      }
      const folder = file.slice(0, file.lastIndexOf('/'));
      if (!fs.analyzePath(folder).exists) fs.mkdirTree(folder);
      // A copy of the file's bytes, which the file then owns: what the database writes stays its own.
      fs.writeFile(file, new Uint8Array(entry.data), { canOwn: true });
      fs.utime(file, entry.mtime * 1000, entry.mtime * 1000);
    }
  }
}

function entriesOf(tarball: Uint8Array): TarEntry[] {
  let entries = kept.get(tarball);
  if (entries) kept.delete(tarball);
  else entries = dataDirEntries(tarball);
  kept.set(tarball, entries);
  for (const oldest of kept.keys()) {
    if (kept.size <= KEPT) break;
    kept.delete(oldest);
  }
  return entries;
}

/** A tarball's entries, refused unless it holds a data dir (PGlite would otherwise make a new database with initdb). */
function dataDirEntries(tarball: Uint8Array): TarEntry[] {
  const entries = tarEntries(tarBytes(tarball));
  if (!entries.some((entry) => entry.type === 'file' && entry.name.replace(/^\/+/, '') === 'PG_VERSION')) {
    throw new Error('The database tarball holds no data dir (no PG_VERSION at its top)');
  }
  return entries;
}
