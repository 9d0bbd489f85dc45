import type { Database } from './Database.ts';
import type { JwtKeys } from './createJwtKeys.ts';
import type { FunctionRunner } from './functions/createFunctionRunner.ts';
import type { Mailbox } from './mail/mailbox.ts';
import type { ObjectFiles } from './storage/ObjectFiles.ts';
import type { RestCatalog } from './rest/loadCatalog.ts';
import type { SupabaseConfig } from './readSupabaseConfig.ts';

/** What every route of the embedded backend is handed. */
export interface BackendContext {
  db: Database;
  keys: JwtKeys;
  catalog: RestCatalog;
  /** Catalogs of the other [api] schemas, read on first use (Accept-Profile / Content-Profile); emptied on reload. */
  otherCatalogs?: Map<string, RestCatalog>;
  config: SupabaseConfig;
  /** http://host:port, known once the server listens. */
  apiUrl: () => string;
  log: (line: string) => void;
  /** The local inbox the auth server's mails go to (mail/mailbox.ts). */
  mailbox: Mailbox;
  /** bcrypt cost for new passwords (10 unless a test lowers it). */
  bcryptCost: number;
  /** Extra CORS origins besides http://127.0.0.1:* and http://localhost:*. */
  allowedOrigins: string[];
  /** The time the per-IP rate limits read (ms). */
  rateLimitClock: () => number;
  /** The folder with config.toml, migrations/ and functions/. */
  supabaseDir: string;
  /** Runs the site's edge functions (functions/<name>/) under Deno; stopped on close. */
  functions: FunctionRunner;
  /** The Storage API's object files (<dataDir>/storage, or a temporary folder in memory). */
  objectFiles: ObjectFiles;
}

/** Who is calling, from the Authorization bearer (or the apikey when there is none). */
export interface Caller {
  role: 'anon' | 'authenticated' | 'service_role';
  claims: Record<string, unknown>;
}
