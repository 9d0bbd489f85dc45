import path from 'node:path';
import { existsSync } from 'node:fs';
import { BackendError } from './BackendError.ts';
import { acquireDataDirLock, dataDirInUse, readDataDirLock } from './dataDirLock.ts';
import { projectKeys } from './keys/projectKeys.ts';
import { openDatabase } from './openDatabase.ts';
import { privateDataDir } from './privateDataDir.ts';
import { readSupabaseConfig } from './readSupabaseConfig.ts';
import { setAdminRole, type AdminRoleChange } from './setAdminRole.ts';
import { startBackend } from './startBackend.ts';
import { withoutPassword } from './withoutPassword.ts';

/** Options shared by the CLI commands (`--port`, `--data-dir`). */
export interface BackendCommandOptions {
  /** Default: [api] port of supabase/config.toml (54321). */
  port?: number;
  /** Default '.site/db'. */
  dataDir?: string;
  /** Default '<cwd>/supabase'. */
  supabaseDir?: string;
  /** A PostgreSQL server (postgres://user@host:port/db) instead of the data dir's PGlite; the data dir keeps the JWT secret. */
  databaseUrl?: string;
  /** Where output goes. Default console.log. */
  log?: (line: string) => void;
  /** Stops runBackend when aborted (besides SIGINT/SIGTERM). */
  signal?: AbortSignal;
}

export interface BackendStatus {
  apiUrl: string;
  /** The inbox of the auth server's mails (Mailpit's API); null when [inbucket] enabled = false. */
  inboxUrl: string | null;
  /** sb_publishable_…, the key a browser may hold; sb_secret_…, the server's (bypasses row-level security). */
  publishableKey: string;
  secretKey: string;
  /** The legacy JWT keys, still accepted. */
  anonKey: string;
  serviceRoleKey: string;
  running: boolean;
  dataDir: string;
  /** The same under the names `supabase status -o json` prints, for tools written against the CLI. */
  API_URL: string;
  REST_URL: string;
  FUNCTIONS_URL: string;
  MAILPIT_URL?: string;
  PUBLISHABLE_KEY: string;
  SECRET_KEY: string;
  ANON_KEY: string;
  SERVICE_ROLE_KEY: string;
}

const resolveDataDir = (o: BackendCommandOptions) => path.resolve(o.dataDir ?? '.site/db');
const resolveSupabaseDir = (o: BackendCommandOptions) => path.resolve(o.supabaseDir ?? 'supabase');

/** `site backend`: starts the backend, prints how to use it, runs until SIGINT/SIGTERM (or options.signal). */
export async function runBackend(options: BackendCommandOptions = {}): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = resolveDataDir(options);
  // Nothing else in this process writes files, so everything Postgres creates while it runs is private
  // too (startBackend itself leaves the umask alone: `site dev` and tests write files of their own).
  const umask = process.umask(0o077);
  let backend: Awaited<ReturnType<typeof startBackend>>;
  try {
    backend = await startBackend({ port: options.port, dataDir, supabaseDir: resolveSupabaseDir(options), log, databaseUrl: options.databaseUrl });
  } catch (error) {
    process.umask(umask);
    throw error;
  }
  log(
    [
      'Embedded Supabase backend is running.',
      '',
      `  API URL           ${backend.apiUrl}`,
      `  anon key          ${backend.anonKey}`,
      `  service_role key  ${backend.serviceRoleKey}`,
      `  publishable key   ${backend.publishableKey}`,
      `  secret key        ${backend.secretKey}`,
      ...(backend.inboxUrl ? [`  Inbox             ${backend.inboxUrl}   (mail the auth server sends: confirmations, sign-in links, resets)`] : []),
      `  data dir          ${path.relative(process.cwd(), dataDir) || '.'}`,
      ...(options.databaseUrl ? [`  database          ${withoutPassword(options.databaseUrl)}`] : []),
      '',
      'The anon and service_role keys are the legacy JWT keys, still taken. The secret key, like service_role, bypasses row-level security: servers only.',
      'Point the site at it with SITE_SUPABASE_URL=<API URL> and SITE_SUPABASE_PUBLISHABLE_KEY=<publishable key>.',
      'To make a signed-up user an admin: site admin grant <email>',
      'Press Ctrl+C to stop.',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    options.signal?.addEventListener('abort', stop, { once: true });
    if (options.signal?.aborted) stop();
  });
  await backend.close();
  process.umask(umask);
  log('Backend stopped.');
}

/** `site backend status`: URL and keys, whether or not the backend runs (like `supabase status`). */
export async function backendStatus(options: BackendCommandOptions = {}): Promise<BackendStatus> {
  const dataDir = resolveDataDir(options);
  const owner = readDataDirLock(dataDir);
  const supabaseDir = resolveSupabaseDir(options);
  const config = readSupabaseConfig(supabaseDir);
  const keys = await projectKeys({ dataDir, supabaseDir, config });
  const port = options.port ?? config.apiPort;
  const apiUrl = owner?.apiUrl ?? `http://127.0.0.1:${port}`;
  const inboxUrl = owner?.apiUrl ? (owner.inboxUrl ?? null) : config.inbucket.enabled ? `http://127.0.0.1:${config.inbucket.port}` : null;
  const { publishableKey, secretKey, anonKey, serviceRoleKey } = keys;
  return {
    apiUrl,
    inboxUrl,
    publishableKey,
    secretKey,
    anonKey,
    serviceRoleKey,
    running: owner?.apiUrl !== undefined,
    dataDir,
    API_URL: apiUrl,
    REST_URL: `${apiUrl}/rest/v1`,
    FUNCTIONS_URL: `${apiUrl}/functions/v1`,
    ...(inboxUrl ? { MAILPIT_URL: inboxUrl } : {}),
    PUBLISHABLE_KEY: publishableKey,
    SECRET_KEY: secretKey,
    ANON_KEY: anonKey,
    SERVICE_ROLE_KEY: serviceRoleKey,
  };
}

/** `site admin grant <email>`: gives a signed-up user the admin role. */
export function adminGrant(email: string, options: BackendCommandOptions = {}): Promise<AdminRoleChange> {
  return changeAdminRole(email, true, options);
}

/** `site admin revoke <email>`: takes the admin role away. */
export function adminRevoke(email: string, options: BackendCommandOptions = {}): Promise<AdminRoleChange> {
  return changeAdminRole(email, false, options);
}

/**
 * A PGlite data dir can be open in one process only (dataDirLock.ts): when a
 * backend serves it, ask that backend over HTTP (service role key);
 * otherwise take the lock and open the data dir (or the databaseUrl server) here.
 */
async function changeAdminRole(email: string, admin: boolean, options: BackendCommandOptions): Promise<AdminRoleChange> {
  const dataDir = resolveDataDir(options);
  const state = readDataDirLock(dataDir);
  if (state && !state.apiUrl) throw dataDirInUse(dataDir, state);
  if (state) {
    const { serviceRoleKey } = await backendStatus(options);
    let response: Response;
    try {
      response = await fetch(`${state.apiUrl}/_site/v1/admin-roles`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, admin }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new BackendError(
        'BackendUnreachable',
        `The backend of ${dataDir} (pid ${state.pid}) did not answer at ${state.apiUrl}: ${(error as Error).message}.`,
        `Process ${state.pid} holds ${dataDir} but does not answer: if it hangs, stop it and run the command again.`,
      );
    }
    const body = (await response.json()) as AdminRoleChange & { code?: string; message?: string; hint?: string };
    if (!response.ok) throw new BackendError(body.code ?? 'BackendRequestFailed', body.message ?? `HTTP ${response.status}`, body.hint ?? '');
    return body;
  }
  if (!options.databaseUrl && !existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))) {
    throw new BackendError(
      'BackendNoDatabase',
      `There is no local database in ${dataDir} yet, so no user to make admin.`,
      'Run `site backend`, sign up on the site, then grant the role.',
    );
  }
  const lock = await acquireDataDirLock(dataDir);
  try {
    const { db } = await openDatabase({ dataDir, supabaseDir: resolveSupabaseDir(options), databaseUrl: options.databaseUrl });
    try {
      return await setAdminRole(db, email, admin);
    } finally {
      await db.close();
      privateDataDir(dataDir);
    }
  } finally {
    lock.release();
  }
}
