// log-admin-action's Deno entry (supabase/functions/log-admin-action/index.ts)
// under real Deno: `deno check` types it, then `deno run` serves it with the
// least permissions, talking through supabase-js to an embedded backend as it
// talks to the hosted project. Offline: supabase-js comes from node_modules
// (deno.test.json), never from the registry, and the Deno cache starts empty.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { adminClient, clientFor, signedInClient } from './testClients.ts';

const FUNCTION_DIR = path.resolve('supabase/functions/log-admin-action');
/**
 * The Deno binary itself, as the deno package installs it. Not node_modules/.bin/deno: that is a Node
 * wrapper running Deno as its child, which outlives a signal sent to the wrapper and keeps its pipes open.
 */
function denoBinary(): string | null {
  try {
    return (createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string }).runInstall();
  } catch {
    return null;
  }
}
const DENO = denoBinary();
const ORIGIN = 'https://decksmith.example';
const BODY = { action: 'view_contact_submissions', resourceType: 'contact_submissions', resourceId: null };

const missing = DENO ? null : 'no Deno binary (the deno package of devDependencies)';
if (missing && process.env.CI === 'true') throw new Error(`CI needs Deno for the edge function's tests: ${missing}.`);

/** Runs deno with only the variables it needs, offline (no remote modules, nothing fetched). */
function deno(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(DENO!, args, {
    cwd: FUNCTION_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function finished(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

const OFFLINE = ['--config', 'deno.test.json', '--no-remote', '--cached-only'];

describe.skipIf(missing !== null)(`log-admin-action under Deno${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let backend: RunningBackend;
  let denoDir: string;
  let server: ChildProcess | undefined;
  let functionUrl = '';
  let serverOutput = '';

  beforeAll(async () => {
    backend = await startTestBackend({ allowedOrigins: [ORIGIN] });
    denoDir = mkdtempSync(path.join(os.tmpdir(), 'site-deno-'));
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      const stuck = setTimeout(() => server!.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(stuck);
    }
    await backend?.close();
    if (denoDir) rmSync(denoDir, { recursive: true, force: true });
  });

  it('deno check types index.ts (no @ts-nocheck) against the supabase-js of node_modules', async () => {
    expect(readFileSync(path.join(FUNCTION_DIR, 'index.ts'), 'utf8')).not.toContain('@ts-nocheck');
    const { code, output } = await finished(deno(['check', ...OFFLINE, 'index.ts'], { DENO_DIR: denoDir }));
    expect(output).not.toMatch(/error/i);
    expect(code).toBe(0);
  });

  it('deno run serves it on 127.0.0.1 with net, env and nothing else allowed', async () => {
    server = deno(
      [
        'run',
        ...OFFLINE,
        '--no-prompt',
        '--allow-net=127.0.0.1',
        '--allow-env=SUPABASE_URL,SUPABASE_SERVICE_ROLE_KEY,SITE_ALLOWED_ORIGINS',
        'index.ts',
      ],
      {
        DENO_DIR: denoDir,
        // Deno.serve listens where this says (Deno 2); port 0 = a free one, printed as "Listening on".
        DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
        SUPABASE_URL: backend.apiUrl,
        SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
        SITE_ALLOWED_ORIGINS: `${ORIGIN}/`,
      },
    );
    functionUrl = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Deno did not start listening:\n${serverOutput}`)), 60_000);
      const onData = (chunk: Buffer) => {
        serverOutput += chunk;
        const match = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(serverOutput);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      };
      server!.stdout!.on('data', onData);
      server!.stderr!.on('data', onData);
      server!.on('close', (code) => reject(new Error(`Deno exited (${code}):\n${serverOutput}`)));
    });
    expect(functionUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  const post = (token: string | null, body: string, origin?: string) =>
    fetch(functionUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(origin ? { Origin: origin } : {}) },
      body,
    });
  const tokenOf = async (client: Awaited<ReturnType<typeof signedInClient>>['client']) => (await client.auth.getSession()).data.session!.access_token;
  const auditRows = async () => (await clientFor(backend, backend.serviceRoleKey).from('admin_audit_log').select('*').order('created_at')).data ?? [];

  it('401 without a token and with a token the auth server refuses', async () => {
    const none = await post(null, JSON.stringify(BODY));
    expect(none.status).toBe(401);
    expect(await none.json()).toHaveProperty('error');
    expect((await post('not.a.jwt', JSON.stringify(BODY))).status).toBe(401);
    expect((await post(backend.anonKey, JSON.stringify(BODY))).status).toBe(401);
  });

  it('403 for a signed-in user without the admin role, and nothing is written', async () => {
    const before = (await auditRows()).length;
    const { client } = await signedInClient(backend);
    const response = await post(await tokenOf(client), JSON.stringify(BODY));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'Only admins can log admin actions.' });
    expect(await auditRows()).toHaveLength(before);
  });

  it('400 for a bad body from an admin', async () => {
    const admin = await adminClient(backend);
    const token = await tokenOf(admin.client);
    expect((await post(token, '{not json')).status).toBe(400);
    expect((await post(token, JSON.stringify({ ...BODY, action: 'Drop Table' }))).status).toBe(400);
  });

  it('200 for an admin: the audit row is stored through supabase-js and the service role, and CORS answers the allowed origin', async () => {
    const admin = await adminClient(backend);
    const before = (await auditRows()).length;
    const response = await post(await tokenOf(admin.client), JSON.stringify(BODY), ORIGIN);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const body = (await response.json()) as { ok: boolean; entry: Record<string, unknown> };
    expect(body).toMatchObject({ ok: true, entry: { action: 'view_contact_submissions', resource_type: 'contact_submissions', resource_id: null } });
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ id: body.entry.id, actor_id: admin.userId, actor_email: admin.email, action: 'view_contact_submissions' });
    const preflight = await fetch(functionUrl, { method: 'OPTIONS', headers: { Origin: 'https://elsewhere.example' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
