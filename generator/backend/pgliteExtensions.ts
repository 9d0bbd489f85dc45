import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

/**
 * The Postgres extensions PGlite loads, of those hosted Supabase has:
 * pgcrypto (crypt(), gen_salt(), digest()), which seeds use to make users.
 * bootstrap.sql creates it in the `extensions` schema, as hosted.
 */
export const PGLITE_EXTENSIONS = { pgcrypto };
