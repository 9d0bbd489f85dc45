import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BOOTSTRAP_SQL_PATH, migrationFiles } from './migrationFiles.ts';
import { migrateDatabase } from './migrateDatabase.ts';
import { PGLITE_EXTENSIONS } from './pgliteExtensions.ts';
import { STORAGE_SCHEMA_SQL_PATH } from './storage/storageSchema.ts';

const templates = new Map<string, Promise<Blob>>();

/** Part of the cache key: changes whenever the way a template is made changes, so older files are not reused. */
const TEMPLATE_FORMAT = 'checkpointed';

/**
 * A dumpDataDir tarball of a database with the bootstrap SQL and every
 * migration applied (no seed). Built once per process and cached in the OS
 * temp folder under a hash of the bootstrap and storage SQL, the migration files and the
 * PGlite version, so parallel vitest workers and later runs share it and a
 * migration edit makes a new one. Starting from it skips initdb.
 */
export function migratedTemplate(supabaseDir: string): Promise<Blob> {
  const file = migratedTemplateFile(supabaseDir);
  let template = templates.get(file);
  if (!template) {
    template = buildTemplate(supabaseDir, file);
    templates.set(file, template);
    template.catch(() => templates.delete(file));
  }
  return template;
}

/** Where the template of these migrations is cached. */
export function migratedTemplateFile(supabaseDir: string): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(BOOTSTRAP_SQL_PATH));
  hash.update(readFileSync(STORAGE_SCHEMA_SQL_PATH));
  for (const m of migrationFiles(supabaseDir)) hash.update(`\0${m.version}_${m.name}\0${m.sql}`);
  hash.update(`\0${pgliteVersion()}\0${TEMPLATE_FORMAT}`);
  return path.join(os.tmpdir(), `site-backend-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** The installed PGlite's version: a template from another version is not reused. */
function pgliteVersion(): string {
  try {
    let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (!existsSync(path.join(dir, 'package.json')) && dir !== path.dirname(dir)) dir = path.dirname(dir);
    return String((JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }).version);
  } catch {
    return 'unknown';
  }
}

async function buildTemplate(supabaseDir: string, file: string): Promise<Blob> {
  if (existsSync(file) && ownTemplate(file)) {
    try {
      chmodSync(file, 0o600);
      return new Blob([readFileSync(file)]);
    } catch {
      // unreadable: rebuild below
    }
  }
  const db = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrateDatabase(db, supabaseDir);
    // A dump without a checkpoint starts by replaying the WAL, where each sequence is
    // logged ahead of its use: identity and serial columns would then skip values
    // instead of continuing from the last one the migrations took, as PostgreSQL does.
    await db.exec('checkpoint');
    const dump = await db.dumpDataDir('gzip');
    // Write then rename, so a parallel worker never reads half a file.
    const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
    // 0600, like the data dirs made from it.
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    try {
      renameSync(tmp, file);
    } catch {
      rmSync(tmp, { force: true }); // not ours to replace: this process uses the dump from memory
    }
    return dump;
  } finally {
    await db.close();
  }
}

/**
 * Only a template this user wrote, that no one else may change, is used: the
 * temp folder is shared, and a planted file would become every new database.
 * Any other file is replaced (the rename below fails on a sticky /tmp for a
 * file of another user, and then the dump is used from memory).
 */
function ownTemplate(file: string): boolean {
  const s = statSync(file);
  return (process.getuid === undefined || s.uid === process.getuid()) && (s.mode & 0o022) === 0;
}
