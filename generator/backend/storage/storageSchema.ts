import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../Database.ts';

/** The storage schema (storageSchema.sql): idempotent, run after the bootstrap on every start. */
export const STORAGE_SCHEMA_SQL_PATH = fileURLToPath(new URL('./storageSchema.sql', import.meta.url));

/**
 * Creates or brings up to date the storage schema: tables, functions, grants,
 * row-level security. A database that already has this very version (the
 * SQL's hash, kept in a setting of the schema's comment) is left as it is.
 */
export async function ensureStorageSchema(db: Queryable): Promise<void> {
  const sql = readFileSync(STORAGE_SCHEMA_SQL_PATH, 'utf8');
  const version = `site storage schema ${createHash('sha256').update(sql).digest('hex').slice(0, 16)}`;
  const current = await db.query<{ comment: string | null }>(`select obj_description(oid, 'pg_namespace') as comment from pg_namespace where nspname = 'storage'`);
  if (current.rows[0]?.comment === version) return;
  await db.exec(sql);
  await db.exec(`comment on schema storage is '${version}'`);
}
