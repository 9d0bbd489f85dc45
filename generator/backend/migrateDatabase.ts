import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { BackendError } from './BackendError.ts';
import { ensureAuthMailColumns } from './auth/authMailColumns.ts';
import type { Database } from './Database.ts';
import { BOOTSTRAP_SQL_PATH, migrationFiles } from './migrationFiles.ts';
import { ensureStorageSchema } from './storage/storageSchema.ts';

/**
 * Brings a database up to date: the bootstrap SQL once (its idempotent tail on every later start), the storage
 * schema (storage/storageSchema.sql, idempotent: every start), then every file of
 * supabase/migrations not yet recorded in supabase_migrations.schema_migrations
 * (each in its own transaction, as `supabase db push` does), then seed.sql
 * when `seedFiles` is given (fresh databases only).
 */
export async function migrateDatabase(db: Database, supabaseDir: string, seedFiles: string[] = []): Promise<{ applied: string[] }> {
  await applyPlatformSchema(db);

  const done = new Set((await db.query<{ version: string }>(`select version from supabase_migrations.schema_migrations`)).rows.map((r) => r.version));
  const applied: string[] = [];
  for (const migration of migrationFiles(supabaseDir)) {
    if (done.has(migration.version)) continue;
    const file = `supabase/migrations/${migration.version}_${migration.name}.sql`;
    try {
      await db.transaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query(`insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)`, [
          migration.version,
          migration.name,
          [migration.sql],
        ]);
      });
    } catch (error) {
      throw new BackendError('BackendMigrationFailed', `${file} failed: ${(error as Error).message}.`, 'Fix the SQL of that migration; nothing of it was applied.', {
        cause: error,
      });
    }
    applied.push(migration.version);
  }

  for (const relative of seedFiles) {
    const file = path.resolve(supabaseDir, relative);
    if (!existsSync(file)) continue;
    try {
      await db.exec(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new BackendError('BackendSeedFailed', `${file} failed: ${(error as Error).message}.`, 'Fix the seed SQL, delete the data dir and start again.', { cause: error });
    }
  }
  return { applied };
}

/**
 * What hosted Supabase has before any migration of the site: the bootstrap SQL once (its idempotent tail on
 * every later start, so an older database gets objects added since), auth's mail columns and Storage's schema.
 */
export async function applyPlatformSchema(db: Database): Promise<void> {
  const bootstrapped = await db.query<{ present: boolean }>(`select to_regclass('supabase_migrations.schema_migrations') is not null as present`);
  const bootstrap = readFileSync(BOOTSTRAP_SQL_PATH, 'utf8');
  await db.exec(bootstrapped.rows[0].present ? bootstrap.slice(bootstrap.indexOf('-- Idempotent from here')) : bootstrap);
  await ensureAuthMailColumns(db);
  await ensureStorageSchema(db);
}
