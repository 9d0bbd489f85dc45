import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { backendBase, backendBaseKey } from './backendBase.ts';
import { migrationFiles } from './migrationFiles.ts';
import { migrateDatabase } from './migrateDatabase.ts';
import { memoryDataDir } from './memoryDataDir.ts';
import { ownTarballExists, readOwnTarball, writeTarball } from './templateFiles.ts';
import { startPglite } from './startPglite.ts';

const templates = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** Part of the cache key: changes whenever the way a template is made changes, so older files are not reused. */
const TEMPLATE_FORMAT = 'checkpointed';

/**
 * A dumpDataDir tarball of a database with the bootstrap SQL and every
 * migration applied (no seed). Built once per process from the backend's base
 * (backendBase.ts) and cached in the OS temp folder under a hash of the
 * bootstrap and storage SQL, the migration files and the PGlite version, so
 * parallel vitest workers and later runs share it and a migration edit makes a
 * new one.
 */
export async function migratedTemplate(supabaseDir: string): Promise<Blob> {
  return new Blob([await migratedTemplateBytes(supabaseDir)]);
}

/** migratedTemplate's bytes (a gzipped tar). */
export function migratedTemplateBytes(supabaseDir: string): Promise<Uint8Array<ArrayBuffer>> {
  const file = migratedTemplateFile(supabaseDir);
  let template = templates.get(file);
  if (!template) {
    template = buildTemplate(supabaseDir, file);
    templates.set(file, template);
    template.catch(() => templates.delete(file));
  }
  return template;
}

/** The migrated template's bytes when this process made it or the OS temp folder has it, else null (nothing is made). */
export function cachedMigratedTemplate(supabaseDir: string): Promise<Uint8Array<ArrayBuffer>> | null {
  const file = migratedTemplateFile(supabaseDir);
  return templates.get(file) ?? (ownTarballExists(file) ? migratedTemplateBytes(supabaseDir) : null);
}

/** Where the template of these migrations is cached. */
export function migratedTemplateFile(supabaseDir: string): string {
  // Made from the backend's base: its key (the bootstrap and Storage SQL, PGlite's version) is part of this one.
  const hash = createHash('sha256');
  hash.update(backendBaseKey());
  for (const m of migrationFiles(supabaseDir)) hash.update(`\0${m.version}_${m.name}\0${m.sql}`);
  hash.update(`\0${TEMPLATE_FORMAT}`);
  return path.join(os.tmpdir(), `site-backend-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/**
 * Only a template this user wrote, that no one else may change, is used (templateFiles.ts); any other file
 * is replaced, or, when that fails, the dump is used from memory.
 */
async function buildTemplate(supabaseDir: string, file: string): Promise<Uint8Array<ArrayBuffer>> {
  const cached = readOwnTarball(file);
  if (cached) return cached;
  const db = await startPglite({ fs: memoryDataDir(await backendBase()) });
  try {
    await migrateDatabase(db, supabaseDir);
    // A dump without a checkpoint starts by replaying the WAL, where each sequence is
    // logged ahead of its use: identity and serial columns would then skip values
    // instead of continuing from the last one the migrations took, as PostgreSQL does.
    await db.exec('checkpoint');
    const dump = new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
    writeTarball(file, dump);
    return dump;
  } finally {
    await db.close();
  }
}
