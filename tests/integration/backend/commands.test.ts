// The functions behind `site backend`, `site backend status` and
// `site admin grant|revoke`, with the backend running and not running.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGrant, adminRevoke, backendStatus, runBackend } from '../../../generator/backend/commands.ts';
import { acquireDataDirLock, readDataDirLock } from '../../../generator/backend/dataDirLock.ts';
import { startBackend, type RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor } from './testClients.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-backend-commands-'));
const EMAIL = 'lead@example.com';
const PASSWORD = 'correct horse';
let backend: RunningBackend | null = null;

async function isAdmin(b: RunningBackend): Promise<boolean> {
  const client = clientFor(b);
  await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
  const { data } = await client.from('user_roles').select('role').eq('role', 'admin').maybeSingle();
  return data !== null;
}

beforeAll(async () => {
  // Confirmations off: the account signs in at once (isAdmin signs in with its password).
  backend = await startBackend({ port: 0, dataDir, bcryptCost: 4, enableConfirmations: false });
  await clientFor(backend).auth.signUp({ email: EMAIL, password: PASSWORD });
}, 120_000);

afterAll(async () => {
  await backend?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('with the backend running', () => {
  it('status reports the running URL and its keys', async () => {
    const status = await backendStatus({ dataDir });
    expect(status).toMatchObject({
      running: true,
      apiUrl: backend!.apiUrl,
      publishableKey: backend!.publishableKey,
      secretKey: backend!.secretKey,
      anonKey: backend!.anonKey,
      serviceRoleKey: backend!.serviceRoleKey,
    });
    // The same under the names `supabase status -o json` prints.
    expect(status).toMatchObject({
      API_URL: backend!.apiUrl,
      PUBLISHABLE_KEY: backend!.publishableKey,
      SECRET_KEY: backend!.secretKey,
      ANON_KEY: backend!.anonKey,
      SERVICE_ROLE_KEY: backend!.serviceRoleKey,
    });
    expect(status.publishableKey).toMatch(/^sb_publishable_/);
    expect(status.secretKey).toMatch(/^sb_secret_/);
  });

  it('grants and revokes over HTTP', async () => {
    expect(await isAdmin(backend!)).toBe(false);
    expect(await adminGrant('Lead@Example.com', { dataDir })).toMatchObject({ email: EMAIL, admin: true, changed: true });
    expect(await isAdmin(backend!)).toBe(true);
    expect(await adminGrant(EMAIL, { dataDir })).toMatchObject({ changed: false });
    expect(await adminRevoke(EMAIL, { dataDir })).toMatchObject({ admin: false, changed: true });
    expect(await isAdmin(backend!)).toBe(false);
  });

  it('throws BackendUserNotFound for an unknown email', async () => {
    await expect(adminGrant('nobody@example.com', { dataDir })).rejects.toMatchObject({ name: 'BackendError', code: 'BackendUserNotFound' });
  });
});

describe('with the backend stopped', () => {
  it('status still gives the keys, at the default URL', async () => {
    const { anonKey } = backend!;
    await backend!.close();
    backend = null;
    const status = await backendStatus({ dataDir });
    expect(status).toMatchObject({ running: false, apiUrl: 'http://127.0.0.1:54321', anonKey });
    expect((await backendStatus({ dataDir, port: 4000 })).apiUrl).toBe('http://127.0.0.1:4000');
  });

  it('grants and revokes in the data dir, and a restarted backend sees it', async () => {
    expect(await adminGrant(EMAIL, { dataDir })).toMatchObject({ admin: true, changed: true });
    expect(await adminRevoke(EMAIL, { dataDir })).toMatchObject({ changed: true });
    expect(await adminGrant(EMAIL, { dataDir })).toMatchObject({ changed: true });
    await expect(adminRevoke('nobody@example.com', { dataDir })).rejects.toMatchObject({ code: 'BackendUserNotFound' });
    backend = await startBackend({ port: 0, dataDir });
    expect(await isAdmin(backend)).toBe(true);
    await backend.close();
    backend = null;
  });

  it('holds the data dir while it opens it: a backend started meanwhile is refused, and the lock is gone after', { timeout: 120_000 }, async () => {
    const granting = adminRevoke(EMAIL, { dataDir });
    await expect(startBackend({ port: 0, dataDir })).rejects.toMatchObject({ code: 'DataDirInUse' });
    expect(await granting).toMatchObject({ admin: false, changed: true });
    expect(readDataDirLock(dataDir)).toBeNull();
    expect(await adminGrant(EMAIL, { dataDir })).toMatchObject({ changed: true });
  });

  it('is refused with DataDirInUse while another process holds the data dir and serves no HTTP', async () => {
    const lock = await acquireDataDirLock(dataDir);
    try {
      const error = await adminGrant(EMAIL, { dataDir }).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'BackendError', code: 'DataDirInUse' });
      expect((error as Error).message).toContain(`process ${process.pid}`);
    } finally {
      lock.release();
    }
  });

  it('explains when there is no database yet', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'site-backend-empty-'));
    try {
      await expect(adminGrant(EMAIL, { dataDir: empty })).rejects.toMatchObject({ code: 'BackendNoDatabase' });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('runBackend', () => {
  it('prints the URL, every key and how to grant admin, and stops when told', async () => {
    const lines: string[] = [];
    const stop = new AbortController();
    const run = runBackend({ port: 0, dataDir, log: (line) => lines.push(line), signal: stop.signal });
    await expect.poll(() => lines.join('\n'), { timeout: 60_000 }).toContain('Press Ctrl+C');
    const status = await backendStatus({ dataDir });
    expect(status.running).toBe(true);
    const output = lines.join('\n');
    for (const part of [status.apiUrl, status.publishableKey, status.secretKey, status.anonKey, status.serviceRoleKey, 'site admin grant <email>', 'SITE_SUPABASE_PUBLISHABLE_KEY']) {
      expect(output).toContain(part);
    }
    stop.abort();
    await run;
    expect(lines.at(-1)).toBe('Backend stopped.');
    expect((await backendStatus({ dataDir })).running).toBe(false);
  });
});
