import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { applyPlatformSchema } from './migrateDatabase.ts';
import { BOOTSTRAP_SQL_PATH } from './migrationFiles.ts';
import { STORAGE_SCHEMA_SQL_PATH } from './storage/storageSchema.ts';
import { pgliteVersion, readOwnTarball, writeTarball } from './templateFiles.ts';
import { startPglite } from './startPglite.ts';

/** Part of the key: changes whenever the way a base is made changes, so older files are not reused. */
const BASE_FORMAT = 'platform-checkpointed-br';

/** Where the package carries its base (made by `npm run backend-base`, which `prepare` runs before packing). */
export const SHIPPED_BASE_DIR = fileURLToPath(new URL('./base/', import.meta.url));

const bases = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);

/**
 * A tar of the database every site starts from, before its own migrations (a dumpDataDir tarball): the bootstrap SQL (roles, privileges, the auth schema), auth's mail columns and
 * Storage's schema, checkpointed. Making one costs PGlite's initdb (seconds); loading it a few tenths. It is
 * read from the engine's package (shipped: `base/backend-base-<key>.tar.br`), else from the OS temp folder,
 * else made and cached there; on disk it is brotli-compressed (1.8 MB, against PGlite's gzip's 4.9). The key
 * hashes the bootstrap and Storage SQL and the PGlite version: a file of other SQL or another PGlite is never
 * used.
 */
export function backendBase(shippedDir = SHIPPED_BASE_DIR): Promise<Uint8Array<ArrayBuffer>> {
  const shipped = shippedBaseFile(backendBaseKey(), shippedDir);
  let base = bases.get(shipped);
  if (!base) {
    base = findOrMakeBase(shipped, cachedBaseFile());
    bases.set(shipped, base);
    base.catch(() => bases.delete(shipped));
  }
  return base;
}

/** The base's key: a hash of what shapes it. */
export function backendBaseKey(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(BOOTSTRAP_SQL_PATH));
  hash.update(readFileSync(STORAGE_SCHEMA_SQL_PATH));
  hash.update(`\0${pgliteVersion()}\0${BASE_FORMAT}`);
  return hash.digest('hex').slice(0, 16);
}

/** The base this package carries, under its key. */
export function shippedBaseFile(key = backendBaseKey(), dir = SHIPPED_BASE_DIR): string {
  return path.join(dir, `backend-base-${key}.tar.br`);
}

/** The base cached in the OS temp folder, under its key. */
export function cachedBaseFile(key = backendBaseKey()): string {
  return path.join(os.tmpdir(), `site-backend-base-${key}.tar.br`);
}

async function findOrMakeBase(shipped: string, cached: string): Promise<Uint8Array<ArrayBuffer>> {
  // The package's file is part of the engine, as its code is; the temp folder's only when this user's own.
  for (const read of [() => readIfPresent(shipped), () => readOwnTarball(cached)]) {
    const bytes = read();
    if (!bytes) continue;
    try {
      return await unbrotli(bytes);
    } catch {
      // a truncated or foreign file: the next one, or made below
    }
  }
  const made = await makeBackendBase();
  writeTarball(cached, await compressBase(made));
  return made;
}

function readIfPresent(file: string): Buffer | null {
  try {
    return existsSync(file) ? readFileSync(file) : null;
  } catch {
    return null;
  }
}

function compressBase(tar: Uint8Array): Promise<Buffer> {
  return brotli(tar, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_LGWIN]: 24, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: tar.length } });
}

/** Makes the base from nothing: PGlite's initdb, then the platform's schema, checkpointed and dumped (a tar). */
export async function makeBackendBase(): Promise<Uint8Array<ArrayBuffer>> {
  const db = await startPglite();
  try {
    await applyPlatformSchema(db);
    // Without a checkpoint, loading the dump replays the WAL, where sequences are logged ahead of their use.
    await db.exec('checkpoint');
    return new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
  } finally {
    await db.close();
  }
}

/**
 * Writes the base into the package's `base/` folder (or `dir`) under its key, readable by every user of the
 * installed package (it holds no one's data), and removes the bases of other keys there: what
 * `npm run backend-base` does before the package is packed.
 */
export async function writeShippedBase(dir = SHIPPED_BASE_DIR): Promise<string> {
  const file = shippedBaseFile(backendBaseKey(), dir);
  mkdirSync(dir, { recursive: true });
  if (!existsSync(file)) {
    // The temp folder's base when there is one (made by a start before), else made (and cached there).
    writeTarball(file, await compressBase(await findOrMakeBase(file, cachedBaseFile())));
    chmodSync(file, 0o644);
  }
  for (const name of readdirSync(dir)) {
    if (/^backend-base-/.test(name) && path.join(dir, name) !== file) rmSync(path.join(dir, name), { force: true });
  }
  return file;
}
