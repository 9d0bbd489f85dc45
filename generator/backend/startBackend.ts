import path from 'node:path';
import { BackendError } from './BackendError.ts';
import type { BackendContext } from './BackendContext.ts';
import type { Database } from './Database.ts';
import { createApp } from './createApp.ts';
import { createJwtKeys } from './createJwtKeys.ts';
import { acquireDataDirLock } from './dataDirLock.ts';
import { dataDirSecret } from './dataDirSecret.ts';
import { openDatabase } from './openDatabase.ts';
import { privateDataDir } from './privateDataDir.ts';
import { readSupabaseConfig, type RateLimitConfig } from './readSupabaseConfig.ts';
import { loadCatalog } from './rest/loadCatalog.ts';
import { serveHttp } from './serveHttp.ts';

export interface StartBackendOptions {
  /** 0 = a random free port. Default: [api] port of config.toml (54321). */
  port?: number;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Where data lives between runs; null = in memory. Default '<cwd>/.site/db'. */
  dataDir?: string | null;
  /** Folder with config.toml, migrations/ and seed.sql. Default '<cwd>/supabase'. */
  supabaseDir?: string;
  /** CORS origins besides http://127.0.0.1:* and http://localhost:*. */
  allowedOrigins?: string[];
  /** Where confirmation links and errors go. Default: nowhere. */
  log?: (line: string) => void;
  /** Overrides [auth] jwt_expiry (seconds), e.g. 2 in a refresh test. */
  jwtExpiry?: number;
  /** Overrides [auth.email] enable_confirmations. */
  enableConfirmations?: boolean;
  /** Overrides keys of [auth.rate_limit] (startTestBackend raises them all unless given). */
  rateLimit?: Partial<RateLimitConfig>;
  /** Overrides [auth] refresh_token_reuse_interval (seconds). */
  refreshTokenReuseInterval?: number;
  /** bcrypt cost of new passwords. Default 10; tests may pass 4. */
  bcryptCost?: number;
  /** Run seed.sql on a fresh database. Default: [db.seed] enabled of config.toml. */
  seed?: boolean;
  /** A dumpDataDir tarball to start a fresh database from. Default: the cached migrated template (migratedTemplate.ts). */
  template?: Blob;
  /** A PostgreSQL server (postgres://user@host:port/db) instead of PGlite: bootstrap, migrations and seed are applied to it. */
  databaseUrl?: string;
}

export interface RunningBackend {
  apiUrl: string;
  anonKey: string;
  serviceRoleKey: string;
  port: number;
  db: Database;
  /** Reads the schema again after DDL (what `NOTIFY pgrst, 'reload schema'` does for PostgREST). */
  reloadCatalog(): Promise<void>;
  close(): Promise<void>;
}

/** Starts the embedded Supabase-compatible backend (PGlite, or a PostgreSQL server, + the HTTP API subset the site uses). */
export async function startBackend(options: StartBackendOptions = {}): Promise<RunningBackend> {
  const supabaseDir = path.resolve(options.supabaseDir ?? 'supabase');
  const dataDir = options.dataDir === undefined ? path.resolve('.site/db') : options.dataDir === null ? null : path.resolve(options.dataDir);
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const config = readSupabaseConfig(supabaseDir);
  if (options.jwtExpiry !== undefined) config.auth.jwtExpiry = options.jwtExpiry;
  if (options.enableConfirmations !== undefined) config.auth.email.enableConfirmations = options.enableConfirmations;
  if (options.rateLimit) Object.assign(config.auth.rateLimit, options.rateLimit);
  if (options.refreshTokenReuseInterval !== undefined) config.auth.refreshTokenReuseInterval = options.refreshTokenReuseInterval;

  // One process per data dir: the lock comes before anything in it is read or opened.
  const lock = dataDir ? await acquireDataDirLock(dataDir) : null;
  let db: Database;
  let keys: Awaited<ReturnType<typeof createJwtKeys>>;
  try {
    const secret = dataDirSecret(dataDir);
    keys = await createJwtKeys(secret.jwtSecret, secret.createdAt);
    const seed = options.seed ?? config.seed.enabled;
    ({ db } = await openDatabase({ dataDir, supabaseDir, template: options.template, databaseUrl: options.databaseUrl, seedFiles: seed ? config.seed.sqlPaths : [] }));
  } catch (error) {
    lock?.release();
    throw error;
  }
  let catalog: Awaited<ReturnType<typeof loadCatalog>>;
  try {
    catalog = await loadCatalog(db);
  } catch (error) {
    await db.close();
    lock?.release();
    throw error;
  }

  let apiUrl = '';
  const ctx: BackendContext = {
    db,
    keys,
    catalog,
    config,
    apiUrl: () => apiUrl,
    log,
    bcryptCost: options.bcryptCost ?? 10,
    allowedOrigins: options.allowedOrigins ?? [],
  };
  let served: Awaited<ReturnType<typeof serveHttp>>;
  try {
    served = await serveHttp(createApp(ctx), { port: options.port ?? config.apiPort, host, log });
  } catch (error) {
    await db.close();
    if (dataDir) privateDataDir(dataDir);
    lock?.release();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new BackendError('BackendPortInUse', `Port ${options.port ?? config.apiPort} on ${host} is already in use.`, 'Stop what uses it or pass another --port (0 picks a free one).');
    }
    throw error;
  }
  const { server, port } = served;
  apiUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  lock?.update({ port, apiUrl });

  let closing: Promise<void> | null = null;
  return {
    apiUrl,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    port,
    db,
    async reloadCatalog() {
      ctx.catalog = await loadCatalog(db);
    },
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await db.close();
        // Files Postgres created while running (with the process umask) become private too.
        if (dataDir) privateDataDir(dataDir);
        lock?.release();
      })();
      return closing;
    },
  };
}
