import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../Database.ts';

/** The storage schema (storageSchema.sql): idempotent, run after the bootstrap on every start. */
export const STORAGE_SCHEMA_SQL_PATH = fileURLToPath(new URL('./storageSchema.sql', import.meta.url));

/** Creates or brings up to date the storage schema: tables, functions, grants, row-level security. */
export async function ensureStorageSchema(db: Queryable): Promise<void> {
  await db.exec(readFileSync(STORAGE_SCHEMA_SQL_PATH, 'utf8'));
}
