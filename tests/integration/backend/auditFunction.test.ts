// log-admin-action: the production handler, served by the embedded backend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { adminClient, clientFor, signedInClient } from './testClients.ts';

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

const BODY = { action: 'view_contact_submissions', resourceType: 'contact_submissions', resourceId: null };

async function auditRows() {
  const { data } = await clientFor(backend, backend.serviceRoleKey).from('admin_audit_log').select('*').order('created_at', { ascending: true });
  return data ?? [];
}

function post(token: string | null, body: string, origin?: string) {
  return fetch(`${backend.apiUrl}/functions/v1/log-admin-action`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(origin ? { Origin: origin } : {}),
    },
    body,
  });
}

describe('log-admin-action', () => {
  it('200: an admin logs an action and the row records who, what and when', async () => {
    const admin = await adminClient(backend);
    const before = (await auditRows()).length;
    const { data, error } = await admin.client.functions.invoke('log-admin-action', { body: BODY });
    expect(error).toBeNull();
    expect(data).toMatchObject({ ok: true, entry: { action: 'view_contact_submissions', resource_type: 'contact_submissions', resource_id: null } });
    const rows = await auditRows();
    expect(rows).toHaveLength(before + 1);
    const row = rows[rows.length - 1];
    expect(row).toMatchObject({ actor_id: admin.userId, actor_email: admin.email, action: 'view_contact_submissions', resource_type: 'contact_submissions', resource_id: null });
    expect(Date.now() - new Date(row.created_at).getTime()).toBeLessThan(60_000);
    expect(row.id).toBe(data.entry.id);
  });

  it('401: without a session, with the anon key, or with a forged token', async () => {
    const anon = await clientFor(backend).functions.invoke('log-admin-action', { body: BODY });
    expect(anon.error).toBeInstanceOf(FunctionsHttpError);
    expect((anon.error as FunctionsHttpError).context.status).toBe(401);
    expect((await post(null, JSON.stringify(BODY))).status).toBe(401);
    expect((await post('not.a.jwt', JSON.stringify(BODY))).status).toBe(401);
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJyb2xlIjoiYXV0aGVudGljYXRlZCJ9.c2lnbmF0dXJl';
    expect((await post(forged, JSON.stringify(BODY))).status).toBe(401);
  });

  it('401 after the admin signs out (the session is gone, the JWT alone is not enough)', async () => {
    const admin = await adminClient(backend);
    const token = (await admin.client.auth.getSession()).data.session!.access_token;
    await admin.client.auth.signOut();
    expect((await post(token, JSON.stringify(BODY))).status).toBe(401);
  });

  it('403: a signed-in user without the admin role, and nothing is written', async () => {
    const before = (await auditRows()).length;
    const { client } = await signedInClient(backend);
    const { error } = await client.functions.invoke('log-admin-action', { body: BODY });
    expect((error as FunctionsHttpError).context.status).toBe(403);
    expect(await (error as FunctionsHttpError).context.json()).toEqual({ error: 'Only admins can log admin actions.' });
    expect(await auditRows()).toHaveLength(before);
  });

  it('400: bad bodies from an admin, and nothing is written', async () => {
    const admin = await adminClient(backend);
    const token = (await admin.client.auth.getSession()).data.session!.access_token;
    const before = (await auditRows()).length;
    const bad = [
      '{not json',
      '[]',
      JSON.stringify({ resourceType: 'contact_submissions', resourceId: null }),
      JSON.stringify({ ...BODY, action: 'Drop Table' }),
      JSON.stringify({ ...BODY, resourceType: '' }),
      JSON.stringify({ ...BODY, resourceId: 42 }),
      JSON.stringify({ ...BODY, actorId: 'someone-else' }),
    ];
    for (const body of bad) {
      const response = await post(token, body);
      expect(response.status, body).toBe(400);
      expect(typeof ((await response.json()) as { error: string }).error).toBe('string');
    }
    expect(await auditRows()).toHaveLength(before);
  });

  it('answers with CORS for the dev site origin, and preflights', async () => {
    const admin = await adminClient(backend);
    const token = (await admin.client.auth.getSession()).data.session!.access_token;
    const response = await post(token, JSON.stringify(BODY), 'http://127.0.0.1:4321');
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
    const preflight = await fetch(`${backend.apiUrl}/functions/v1/log-admin-action`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:4321', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-client-info');
    const foreign = await post(token, JSON.stringify(BODY), 'https://evil.example');
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});
