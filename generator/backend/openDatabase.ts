import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Database } from './Database.ts';
import { migrateDatabase } from './migrateDatabase.ts';
import { backendBase } from './backendBase.ts';
import { extractDataDir } from './extractDataDir.ts';
import { memoryDataDir } from './memoryDataDir.ts';
import { cachedMigratedTemplate, migratedTemplateBytes } from './migratedTemplate.ts';
import { privateDataDir } from './privateDataDir.ts';
import { startPglite } from './startPglite.ts';

export interface OpenDatabaseOptions {
  /** Folder of the backend's data (PGlite lives in <dataDir>/pgdata); null = in memory. */
  dataDir: string | null;
  supabaseDir: string;
  /** A dumpDataDir tarball to start a fresh database from. Default: the cached migrated template. */
  template?: Blob;
  /** Run the seed files on a fresh database. */
  seedFiles?: string[];
  /** A PostgreSQL server to use instead of PGlite (dataDir and template are then not used). */
  databaseUrl?: string;
}

/** Opens (or creates) the embedded Postgres, or connects to a server, and brings it up to date with the migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<{ db: Database; fresh: boolean; applied: string[] }> {
  if (options.databaseUrl) return openServerDatabase(options.databaseUrl, options);
  const pgdata = options.dataDir === null ? null : path.join(options.dataDir, 'pgdata');
  const fresh = pgdata === null || !existsSync(path.join(pgdata, 'PG_VERSION'));
  if (pgdata) mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  // A fresh data dir gets its files from the tarball by Node (extractDataDir.ts); in memory, from the
  // tarball read apart once per process (memoryDataDir.ts).
  if (fresh && pgdata) await extractDataDir(await dataDirTarball(options), pgdata);
  const where = pgdata ? { dataDir: pgdata } : { fs: memoryDataDir(await memoryTarball(options)) };
  const db = await startPglite(where);
  // An older data dir may have files 0666: private from here on.
  if (options.dataDir) privateDataDir(options.dataDir);
  try {
    const { applied } = await migrateDatabase(db, options.supabaseDir, fresh ? (options.seedFiles ?? []) : []);
    return { db, fresh, applied };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/** A server database is fresh while it has no supabase_migrations.schema_migrations (the bootstrap creates it). */
async function openServerDatabase(url: string, options: OpenDatabaseOptions): Promise<{ db: Database; fresh: boolean; applied: string[] }> {
  const { pgDatabase } = await import('./pgDatabase.ts');
  const db = await pgDatabase(url);
  try {
    const found = await db.query<{ present: boolean }>(`select to_regclass('supabase_migrations.schema_migrations') is not null as present`);
    const fresh = !found.rows[0].present;
    const { applied } = await migrateDatabase(db, options.supabaseDir, fresh ? (options.seedFiles ?? []) : []);
    return { db, fresh, applied };
  } catch (error) {
    await db.close();
    throw error;
  }
}

/**
 * What a new data dir starts from: loading a tarball is several times faster than PGlite's initdb. The
 * migrated template when one is cached (the migrations are already in it); else the backend's base
 * (backendBase.ts: shipped with the engine), to which the site's migrations are then applied, without
 * dumping and loading a template first. In memory (tests start many databases of one site) the template is
 * made when missing.
 */
async function dataDirTarball(options: OpenDatabaseOptions): Promise<Uint8Array<ArrayBuffer>> {
  if (options.template) return new Uint8Array(await options.template.arrayBuffer());
  return (await cachedMigratedTemplate(options.supabaseDir)) ?? backendBase();
}

/** What a database in memory starts from: the template given, else the migrated template (made when missing). */
async function memoryTarball(options: OpenDatabaseOptions): Promise<Uint8Array> {
  return options.template ? templateBytes(options.template) : migratedTemplateBytes(options.supabaseDir);
}

const templateBytesOf = new WeakMap<Blob, Promise<Uint8Array>>();

/** A given template's bytes, read once however many databases start from it. */
function templateBytes(template: Blob): Promise<Uint8Array> {
  let bytes = templateBytesOf.get(template);
  if (!bytes) {
    bytes = template.arrayBuffer().then((buffer) => new Uint8Array(buffer));
    templateBytesOf.set(template, bytes);
  }
  return bytes;
}
