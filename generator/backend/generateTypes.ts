import path from 'node:path';
import { BackendError } from './BackendError.ts';
import type { Database } from './Database.ts';
import { genTypes } from './genTypes.ts';
import { loadTypesCatalog } from './loadTypesCatalog.ts';
import { openDatabase } from './openDatabase.ts';
import { readSupabaseConfig } from './readSupabaseConfig.ts';

export interface GenerateTypesOptions {
  /** Default '<cwd>/supabase'. */
  supabaseDir?: string;
  /** Read this PostgreSQL server's schema as it is (nothing is migrated) instead of the migrations'. */
  databaseUrl?: string;
  /** Default: public and the [api] schemas of config.toml, as `supabase gen types` includes them. */
  schemas?: string[];
}

/**
 * `site gen types`: the TypeScript `Database` types of the exposed schemas.
 * The migrations are the schema: they run on a fresh in-memory database
 * (what `supabase gen types --local` reflects after `supabase db reset`),
 * so no data dir is opened, no lock is taken and a running backend is left
 * alone. With databaseUrl the server's catalog is read instead, as it is.
 */
export async function generateTypes(options: GenerateTypesOptions = {}): Promise<string> {
  const supabaseDir = path.resolve(options.supabaseDir ?? 'supabase');
  const schemas = options.schemas?.length ? options.schemas : [...new Set(['public', ...readSupabaseConfig(supabaseDir).apiSchemas])];
  let db: Database;
  if (options.databaseUrl) {
    const { pgDatabase } = await import('./pgDatabase.ts');
    db = await pgDatabase(options.databaseUrl);
  } else {
    db = (await openDatabase({ dataDir: null, supabaseDir })).db;
  }
  try {
    const catalog = await loadTypesCatalog(db, schemas);
    // Schemas named on the command line must exist; of the defaults, those that do (graphql_public needs pg_graphql).
    const missing = (options.schemas ?? []).filter((s) => !catalog.schemas.includes(s));
    if (missing.length > 0) {
      throw new BackendError(
        'GenTypesSchemaNotFound',
        `No schema ${missing.map((s) => JSON.stringify(s)).join(', ')} in the database${options.databaseUrl ? '' : ' the migrations make'}.`,
        'Check the --schema names (`supabase/migrations` creates the schemas), or leave --schema out for public and the [api] schemas of supabase/config.toml.',
      );
    }
    return genTypes(catalog);
  } finally {
    await db.close();
  }
}
