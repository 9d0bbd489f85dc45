// The publishable and secret API keys as hosted Supabase's gateway treats them, through the real
// supabase-js on PGlite and on a PostgreSQL server: the publishable key acts as anon, the secret key as
// service_role (refused from a browser), a signed-in user's token as that user, a made-up sb_ key is
// 401; the legacy JWT keys keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor, uniqueEmail } from './testClients.ts';
import { ENGINES, startWithSchema } from './testEngines.ts';

const SCHEMA = `
  create table public.key_notes (id int primary key, body text not null, visible boolean not null);
  alter table public.key_notes enable row level security;
  grant select on public.key_notes to anon, authenticated, service_role;
  create policy "visible notes" on public.key_notes for select to anon, authenticated using (visible);
  insert into public.key_notes values (1, 'open', true), (2, 'hidden', false);
  create table public.key_vault (id int primary key);
  revoke all on public.key_vault from anon, authenticated;
  insert into public.key_vault values (7);
  create function public.key_whoami() returns text language sql stable as $$ select coalesce(auth.uid()::text, auth.role()) $$;
  grant execute on function public.key_whoami() to anon, authenticated, service_role;
`;

/** Node 20 has no WebSocket; realtime is never used here. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used');
  }
}

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

describe.each(ENGINES)('$name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startWithSchema(engine, SCHEMA);
  }, 120_000);
  afterAll(async () => backend?.close());

  it('reads with the publishable key what anon may read, and no more', async () => {
    expect(backend.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]+$/);
    const client = clientFor(backend, backend.publishableKey);
    const notes = await client.from('key_notes').select('id, body').order('id');
    expect(notes.error).toBeNull();
    expect(notes.data).toEqual([{ id: 1, body: 'open' }]);
    const vault = await client.from('key_vault').select('id');
    expect(vault.error?.code).toBe('42501');
    expect((await client.rpc('key_whoami')).data).toBe('anon');
    // The legacy anon key reads the same.
    expect((await clientFor(backend, backend.anonKey).from('key_notes').select('id, body').order('id')).data).toEqual(notes.data);
  });

  it('takes a signed-in user from the access token beside the publishable key', async () => {
    const client = clientFor(backend, backend.publishableKey);
    const signUp = await client.auth.signUp({ email: uniqueEmail('keys'), password: 'correct horse' });
    expect(signUp.error).toBeNull();
    expect((await client.rpc('key_whoami')).data).toBe(signUp.data.user!.id);
    expect((await client.auth.getUser()).data.user?.id).toBe(signUp.data.user!.id);
  });

  it('bypasses row-level security with the secret key, as the service role, the auth admin API included', async () => {
    expect(backend.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]+$/);
    const client = clientFor(backend, backend.secretKey);
    expect((await client.from('key_notes').select('id').order('id')).data).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await client.from('key_vault').select('id')).data).toEqual([{ id: 7 }]);
    expect((await client.rpc('key_whoami')).data).toBe('service_role');
    const users = await client.auth.admin.listUsers();
    expect(users.error).toBeNull();
    // Sent alone, without a bearer, the key still stands for the service role.
    const bare = await fetch(`${backend.apiUrl}/auth/v1/admin/users`, { headers: { apikey: backend.secretKey } });
    expect(bare.status).toBe(200);
  });

  it('refuses the secret key from a browser, whatever the route', async () => {
    const client = createClient(backend.apiUrl, backend.secretKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { 'User-Agent': BROWSER } },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      realtime: { transport: NoWebSocket as any },
    });
    const read = await client.from('key_notes').select('id');
    expect(read.status).toBe(401);
    expect(read.error?.message).toBe('Forbidden use of secret API key in browser');
    for (const route of ['/rest/v1/key_notes', '/auth/v1/settings', '/functions/v1/anything']) {
      const response = await fetch(`${backend.apiUrl}${route}`, { headers: { apikey: backend.secretKey, 'User-Agent': BROWSER } });
      expect(response.status).toBe(401);
      expect(response.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY_TYPE');
      expect(await response.json()).toEqual({
        message: 'Forbidden use of secret API key in browser',
        hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
      });
    }
    // The publishable key is for browsers.
    const page = await fetch(`${backend.apiUrl}/rest/v1/key_notes?select=id`, { headers: { apikey: backend.publishableKey, 'User-Agent': BROWSER } });
    expect(await page.json()).toEqual([{ id: 1 }]);
  });

  it('answers a made-up sb_ key with 401 in the gateway shape', async () => {
    for (const key of [`sb_publishable_${'x'.repeat(22)}_abcdefgh`, `sb_secret_${'y'.repeat(22)}_abcdefgh`]) {
      const { error, status } = await clientFor(backend, key).from('key_notes').select('id');
      expect(status).toBe(401);
      expect(error?.message).toBe('Invalid API key');
      for (const route of ['/rest/v1/key_notes', '/auth/v1/settings', '/functions/v1/anything']) {
        const response = await fetch(`${backend.apiUrl}${route}`, { headers: { apikey: key } });
        expect(response.status).toBe(401);
        expect(response.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_API_KEY');
        expect(await response.json()).toEqual({ message: 'Invalid API key' });
      }
    }
  });

  it('refuses another sb_ key as the bearer: it is no JWT', async () => {
    const response = await fetch(`${backend.apiUrl}/rest/v1/key_notes?select=id`, {
      headers: { apikey: backend.publishableKey, Authorization: `Bearer ${backend.secretKey}` },
    });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('PGRST301');
  });
});
