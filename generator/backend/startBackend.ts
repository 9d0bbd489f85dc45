import path from 'node:path';
import { BackendError } from './BackendError.ts';
import type { BackendContext } from './BackendContext.ts';
import type { Database } from './Database.ts';
import { createApp } from './createApp.ts';
import { createFunctionRunner } from './functions/createFunctionRunner.ts';
import { readFunctionsEnv } from './functions/readFunctionsEnv.ts';
import type { JwtKeys } from './createJwtKeys.ts';
import { acquireDataDirLock } from './dataDirLock.ts';
import { projectKeys } from './keys/projectKeys.ts';
import { openDatabase } from './openDatabase.ts';
import { privateDataDir } from './privateDataDir.ts';
import { readSupabaseConfig, type RateLimitConfig } from './readSupabaseConfig.ts';
import { loadCatalog, reloadCatalog } from './rest/loadCatalog.ts';
import { createMailbox, type Mailbox } from './mail/mailbox.ts';
import { serveInbox } from './mail/serveInbox.ts';
import { serveHttp, type App } from './serveHttp.ts';
import { applyConfigBuckets } from './storage/configBuckets.ts';
import { ObjectFiles } from './storage/ObjectFiles.ts';

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
  /** Redirect targets of mailed links besides [auth] additional_redirect_urls (GoTrue's glob patterns), e.g. the site's own origin. */
  additionalRedirectUrls?: string[];
  /** Where confirmation links and errors go. Default: nowhere. */
  log?: (line: string) => void;
  /** Overrides [auth] jwt_expiry (seconds), e.g. 2 in a refresh test. */
  jwtExpiry?: number;
  /** Overrides [auth.email] enable_confirmations. */
  enableConfirmations?: boolean;
  /** Overrides [auth.email.smtp] enabled (mail then counts against [auth.rate_limit] email_sent). */
  smtpEnabled?: boolean;
  /** Port of the inbox (Mailpit's API and a page listing the mail); 0 = random. Default: [inbucket] port (54324), or 0 when `port` is 0. */
  inboxPort?: number;
  /** Overrides keys of [auth.rate_limit] (startTestBackend raises them all unless given). */
  rateLimit?: Partial<RateLimitConfig>;
  /** The time the per-IP rate limits read (ms since the epoch). Default: Date.now; a test freezes it to count requests, whatever the machine's speed. */
  rateLimitClock?: () => number;
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
  /** sb_publishable_…: the key a browser may hold (acts as anon). */
  publishableKey: string;
  /** sb_secret_…: acts as service_role, bypassing row-level security; refused from a browser. */
  secretKey: string;
  /** The legacy JWT keys, still accepted: anon, and service_role (bypasses row-level security). */
  anonKey: string;
  serviceRoleKey: string;
  port: number;
  /** The inbox of the auth server's mails (Mailpit's JSON API under /api/v1); null when [inbucket] enabled = false. */
  inboxUrl: string | null;
  db: Database;
  /** Reads the exposed schema again, after DDL run on `db` (PostgREST's schema cache reload). */
  reloadCatalog(): Promise<void>;
  /** Adds redirect targets as `additionalRedirectUrls` does, once running: for an origin known only after the backend started. */
  allowRedirectUrls(patterns: string[]): void;
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
  if (options.smtpEnabled !== undefined) config.auth.email.smtpEnabled = options.smtpEnabled;
  if (options.rateLimit) Object.assign(config.auth.rateLimit, options.rateLimit);
  if (options.refreshTokenReuseInterval !== undefined) config.auth.refreshTokenReuseInterval = options.refreshTokenReuseInterval;
  const allowRedirectUrls = (patterns: string[]) => {
    config.auth.additionalRedirectUrls = [...new Set([...config.auth.additionalRedirectUrls, ...patterns])];
  };
  allowRedirectUrls(options.additionalRedirectUrls ?? []);

  // One process per data dir: the lock comes before anything in it is read or opened.
  const lock = dataDir ? await acquireDataDirLock(dataDir) : null;
  // The port before the database: a port in use is said at once, not after the database has started.
  // Requests that come before the app is ready wait for it (serveHttp.ts).
  const app = resolvable<App>();
  let served: Awaited<ReturnType<typeof serveHttp>>;
  try {
    served = await serveHttp(app.promise, { port: options.port ?? config.apiPort, host, log });
  } catch (error) {
    lock?.release();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new BackendError('BackendPortInUse', `Port ${options.port ?? config.apiPort} on ${host} is already in use.`, 'Stop what uses it or pass another --port (0 picks a free one).');
    }
    throw error;
  }
  const { server, port } = served;
  const apiUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  /** Undoes the listening after a failed start: requests that waited are dropped with it. */
  const stopServing = (error: unknown) => {
    app.reject(error);
    server.close();
    server.closeAllConnections();
  };
  let db: Database;
  let fresh: boolean;
  let keys: JwtKeys;
  try {
    keys = await projectKeys({ dataDir, supabaseDir, config });
    const seed = options.seed ?? config.seed.enabled;
    ({ db, fresh } = await openDatabase({ dataDir, supabaseDir, template: options.template, databaseUrl: options.databaseUrl, seedFiles: seed ? config.seed.sqlPaths : [] }));
  } catch (error) {
    stopServing(error);
    lock?.release();
    throw error;
  }
  let catalog: Awaited<ReturnType<typeof loadCatalog>>;
  // Storage's files: what a crash left is removed before anything is served, then config.toml's buckets.
  const objectFiles = ObjectFiles.open(dataDir);
  try {
    await objectFiles.sweep(db);
    await applyConfigBuckets({ db, objectFiles, storage: config.storage, supabaseDir, log }, fresh);
    catalog = await loadCatalog(db, 'public', config);
  } catch (error) {
    stopServing(error);
    objectFiles.close();
    await db.close();
    lock?.release();
    throw error;
  }

  const mailbox = createMailbox(dataDir);
  const ctx: BackendContext = {
    db,
    keys,
    catalog,
    config,
    apiUrl: () => apiUrl,
    log,
    mailbox,
    bcryptCost: options.bcryptCost ?? 10,
    allowedOrigins: options.allowedOrigins ?? [],
    rateLimitClock: options.rateLimitClock ?? Date.now,
    supabaseDir,
    objectFiles,
    functions: createFunctionRunner({
      // What the edge runtime gives every function (SUPABASE_DB_URL only on a PostgreSQL server), after supabase/functions/.env.
      env: () => ({
        ...readFunctionsEnv(supabaseDir),
        SUPABASE_URL: apiUrl,
        SUPABASE_ANON_KEY: keys.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
        SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: keys.publishableKey }),
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys.secretKey }),
        SUPABASE_JWKS: JSON.stringify(keys.jwks),
        ...(options.databaseUrl ? { SUPABASE_DB_URL: options.databaseUrl } : {}),
      }),
      log,
    }),
  };
  app.resolve(createApp(ctx));
  const inboxPort = options.inboxPort ?? (options.port === 0 ? 0 : config.inbucket.port);
  let inbox: Awaited<ReturnType<typeof serveInbox>> | null = null;
  try {
    if (config.inbucket.enabled) inbox = await startInbox(mailbox, inboxPort, host, log);
  } catch (error) {
    stopServing(error);
    objectFiles.close();
    await db.close();
    lock?.release();
    throw error;
  }
  lock?.update({ port, apiUrl, ...(inbox ? { inboxUrl: inbox.url } : {}) });
  for (const line of config.unsupported) log(line);

  let closing: Promise<void> | null = null;
  return {
    apiUrl,
    publishableKey: keys.publishableKey,
    secretKey: keys.secretKey,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    port,
    inboxUrl: inbox?.url ?? null,
    db,
    reloadCatalog: () => reloadCatalog(ctx),
    allowRedirectUrls,
    close() {
      closing ??= (async () => {
        await ctx.functions.stop();
        await Promise.all(
          [server, inbox?.server].map(
            (s) =>
              s &&
              new Promise<void>((resolve) => {
                s.close(() => resolve());
                s.closeAllConnections();
              }),
          ),
        );
        await db.close();
        objectFiles.close();
        // Files Postgres created while running (with the process umask) become private too.
        if (dataDir) privateDataDir(dataDir);
        lock?.release();
      })();
      return closing;
    },
  };
}

/**
 * The inbox on its port; when that port is taken (a Mailpit of `supabase
 * start`, another backend) on a free one, said in the log: the mail matters
 * more than the number.
 */
async function startInbox(mailbox: Mailbox, port: number, host: string, log: (line: string) => void): Promise<Awaited<ReturnType<typeof serveInbox>>> {
  try {
    return await serveInbox(mailbox, { port, host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const inbox = await serveInbox(mailbox, { port: 0, host });
    log(`Inbox port ${port} is in use; the inbox is at ${inbox.url} instead.`);
    return inbox;
  }
}

/** A promise and the functions that settle it (Promise.withResolvers, which Node 20 lacks). */
function resolvable<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
