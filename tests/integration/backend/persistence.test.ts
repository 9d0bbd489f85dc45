// Data, keys and sessions survive a restart on the same data dir.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackendError } from '../../../generator/backend/BackendError.ts';
import { setAdminRole } from '../../../generator/backend/setAdminRole.ts';
import { startBackend, type RunningBackend } from '../../../generator/backend/startBackend.ts';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import { clientFor } from './testClients.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'site-backend-persist-'));
const running: RunningBackend[] = [];
afterAll(async () => {
  for (const b of running) await b.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ backend: RunningBackend; ms: number }> {
  const t = performance.now();
  // Confirmations off: the sign-up below keeps its session across the restart.
  const backend = await startBackend({ port: 0, dataDir, bcryptCost: 4, enableConfirmations: false });
  running.push(backend);
  return { backend, ms: Math.round(performance.now() - t) };
}

describe('restart on the same data dir', () => {
  it('keeps users, roles, rows, keys and sessions', { timeout: 120_000 }, async () => {
    const first = await start();
    console.log(`startBackend on a fresh data dir: ${first.ms} ms`);
    expect(existsSync(path.join(dataDir, 'backend.lock'))).toBe(true);
    await expect(startBackend({ port: 0, dataDir })).rejects.toMatchObject({ code: 'DataDirInUse' });

    // Seed ran once on the fresh database (config.toml [db.seed]).
    const service1 = clientFor(first.backend, first.backend.serviceRoleKey);
    const seeded = (await service1.from('contact_submissions').select('*', { count: 'exact', head: true })).count!;
    expect(seeded).toBeGreaterThan(0);

    const anon = clientFor(first.backend);
    await anon.from('contact_submissions').insert({ name: 'Kept', email: 'kept@example.com', company: null, message: 'Survives restarts' });
    await anon.from('waitlist').insert({ name: 'Kept', email: 'kept@example.com', favorite_part: 'Themes', desired_features: 'Charts' });
    const signUp = await clientFor(first.backend).auth.signUp({ email: 'owner@example.com', password: 'correct horse' });
    await setAdminRole(first.backend.db, 'owner@example.com', true);
    const { anonKey, serviceRoleKey } = first.backend;
    await first.backend.close();
    expect(existsSync(path.join(dataDir, 'backend.lock'))).toBe(false);

    const second = await start();
    console.log(`startBackend on reopen: ${second.ms} ms`);
    expect(second.backend.anonKey).toBe(anonKey);
    expect(second.backend.serviceRoleKey).toBe(serviceRoleKey);

    // A session from before the restart still refreshes.
    const refreshed = await clientFor(second.backend).auth.refreshSession({ refresh_token: signUp.data.session!.refresh_token });
    expect(refreshed.error).toBeNull();

    const admin = clientFor(second.backend);
    expect((await admin.auth.signInWithPassword({ email: 'owner@example.com', password: 'correct horse' })).error).toBeNull();
    const role = await admin.from('user_roles').select('role').eq('role', 'admin').maybeSingle();
    expect(role.data).toEqual({ role: 'admin' });
    const rows = await admin.from('contact_submissions').select('*').eq('email', 'kept@example.com');
    expect(rows.data).toHaveLength(1);
    expect((await admin.from('contact_submissions').select('*')).data).toHaveLength(seeded + 1);
    expect((await clientFor(second.backend).rpc('waitlist_count')).data).toBe(1);
    await second.backend.close();
  });

  it('is a BackendError with code and hint when the port is taken', async () => {
    // Any process's listener takes the port: a plain server, which needs no database of its own.
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    try {
      const error = await startTestBackend({ port: (holder.address() as net.AddressInfo).port }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackendError);
      expect(error).toMatchObject({ code: 'BackendPortInUse' });
      expect((error as BackendError).hint).toContain('--port');
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});
