import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
}

/** The platform SQL that hosted Supabase already has (roles, auth schema), run first on a fresh database. */
export const BOOTSTRAP_SQL_PATH = fileURLToPath(new URL('./bootstrap.sql', import.meta.url));

/** `<supabaseDir>/migrations/<version>_<name>.sql`, in version order, as the Supabase CLI applies them. */
export function migrationFiles(supabaseDir: string): MigrationFile[] {
  const dir = path.join(supabaseDir, 'migrations');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(file)!;
      return { version, name, sql: readFileSync(path.join(dir, file), 'utf8') };
    });
}
