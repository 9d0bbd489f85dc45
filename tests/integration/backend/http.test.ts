// The HTTP edges of the embedded backend: limits, malformed input, unknown
// names, injection attempts, API keys, CORS, and the supabase-js modifiers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { adminClient, clientFor, uniqueEmail } from './testClients.ts';

let backend: RunningBackend;
beforeAll(async () => {
  // One configured origin besides local dev's (the CORS tests): one backend for the file.
  backend = await startTestBackend({ allowedOrigins: ['https://decksmith.example'] });
});
afterAll(() => backend?.close());

const headers = () => ({ apikey: backend.anonKey, Authorization: `Bearer ${backend.anonKey}`, 'Content-Type': 'application/json' });
const contact = (message = 'Hello') => ({ name: 'Ada', email: uniqueEmail('h'), company: null, message });

describe('limits and malformed input', () => {
  it('refuses a body over 1 MB with 413 on every route', async () => {
    const big = JSON.stringify(contact('x'.repeat(1024 * 1024)));
    for (const path of ['/rest/v1/contact_submissions', '/auth/v1/signup', '/functions/v1/log-admin-action']) {
      const response = await fetch(`${backend.apiUrl}${path}`, { method: 'POST', headers: headers(), body: big });
      expect(response.status, path).toBe(413);
    }
    // Just under the limit is parsed (and then refused by the CHECK constraint, not the size limit).
    const under = await fetch(`${backend.apiUrl}/rest/v1/contact_submissions`, { method: 'POST', headers: headers(), body: JSON.stringify(contact('x'.repeat(1000 * 1000))) });
    expect(under.status).toBe(400);
    expect(((await under.json()) as { code: string }).code).toBe('23514');
  });

  it('answers malformed JSON with 400', async () => {
    const rest = await fetch(`${backend.apiUrl}/rest/v1/contact_submissions`, { method: 'POST', headers: headers(), body: '{"name": "Ada",' });
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: 'PGRST102', message: 'Empty or invalid json' });
    const auth = await fetch(`${backend.apiUrl}/auth/v1/signup`, { method: 'POST', headers: headers(), body: '{oops' });
    expect(auth.status).toBe(400);
    expect(await auth.json()).toMatchObject({ error_code: 'bad_json' });
  });

  it('answers 404 for an unknown table and function, 400 for an unknown column', async () => {
    const anon = clientFor(backend);
    const table = await anon.from('users').select('*');
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.users' in the schema cache" });
    const fn = await anon.rpc('drop_everything');
    expect(fn.status).toBe(404);
    expect(fn.error?.code).toBe('PGRST202');
    const column = await anon.from('contact_submissions').insert({ ...contact(), password: 'x' });
    expect(column.status).toBe(400);
    expect(column.error?.code).toBe('PGRST204');
  });
});

describe('injection attempts are harmless', () => {
  it('treats a filter value as a value, never as SQL', async () => {
    const admin = (await adminClient(backend)).client;
    await clientFor(backend).from('contact_submissions').insert(contact('still here'));
    const before = (await admin.from('contact_submissions').select('id')).data!.length;
    const attacks = ["x' or '1'='1", "x'); delete from public.contact_submissions; --", '1; drop table public.waitlist', "' union select * from auth.users --"];
    for (const value of attacks) {
      const { data, error } = await admin.from('contact_submissions').select('*').eq('name', value);
      expect(error).toBeNull();
      expect(data).toEqual([]);
      const inList = await admin.from('contact_submissions').select('*').in('email', [value, 'a@b.co']);
      expect(inList.data).toEqual([]);
    }
    expect((await admin.from('contact_submissions').select('id')).data!.length).toBe(before);
    expect((await clientFor(backend).rpc('waitlist_count')).error).toBeNull();
  });

  it('refuses identifiers that are not in the catalog', async () => {
    const admin = (await adminClient(backend)).client;
    const column = await admin.from('contact_submissions').select('*').eq('name"; drop table public.waitlist; --', 'x');
    expect(column.status).toBe(400);
    const select = await admin.from('contact_submissions').select('name, (select 1)');
    expect(select.status).toBe(400);
    const order = await admin.from('contact_submissions').select('*').order('created_at; drop table public.waitlist');
    expect(order.status).toBe(400);
    expect((await clientFor(backend).rpc('waitlist_count')).error).toBeNull();
  });
});

describe('API keys and tokens', () => {
  it('needs a valid apikey, like Supabase', async () => {
    const none = await fetch(`${backend.apiUrl}/rest/v1/contact_submissions`, { method: 'POST', body: JSON.stringify(contact()) });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ message: 'No API key found in request' });
    const wrong = await fetch(`${backend.apiUrl}/rest/v1/contact_submissions`, { method: 'POST', headers: { ...headers(), apikey: 'nope' }, body: JSON.stringify(contact()) });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ message: 'Invalid API key' });
    const forged = await fetch(`${backend.apiUrl}/rest/v1/contact_submissions`, { headers: { ...headers(), Authorization: 'Bearer abc.def.ghi' } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toMatchObject({ code: 'PGRST301' });
  });
});

describe('CORS', () => {
  it('reflects local dev origins and answers preflights with the headers supabase-js sends', async () => {
    const preflight = await fetch(`${backend.apiUrl}/rest/v1/waitlist`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'apikey, authorization, content-type, prefer, x-client-info' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const allowed = preflight.headers.get('access-control-allow-headers')!;
    for (const h of ['authorization', 'apikey', 'content-type', 'x-client-info', 'prefer', 'accept-profile', 'content-profile', 'range', 'x-supabase-api-version']) {
      expect(allowed).toContain(h);
    }
    const foreign = await fetch(`${backend.apiUrl}/rest/v1/waitlist`, { method: 'OPTIONS', headers: { Origin: 'https://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('also allows configured origins', async () => {
    const response = await fetch(`${backend.apiUrl}/rest/v1/rpc/waitlist_count`, { method: 'POST', headers: { apikey: backend.anonKey, Origin: 'https://decksmith.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://decksmith.example');
  });
});

describe('supabase-js modifiers', () => {
  it('selects column lists, orders, limits, counts and returns single rows', async () => {
    const admin = (await adminClient(backend)).client;
    const anon = clientFor(backend);
    const emails = [uniqueEmail('first'), uniqueEmail('second'), uniqueEmail('third')];
    for (const email of emails) await anon.from('contact_submissions').insert({ ...contact(), email });

    const list = await admin.from('contact_submissions').select('email, created_at').order('created_at', { ascending: false }).limit(2);
    expect(list.error).toBeNull();
    expect(list.data!.map((r) => r.email)).toEqual([emails[2], emails[1]]);
    expect(Object.keys(list.data![0]).sort()).toEqual(['created_at', 'email']);

    const counted = await admin.from('contact_submissions').select('*', { count: 'exact' }).limit(1);
    expect(counted.count).toBeGreaterThanOrEqual(3);
    expect(counted.data).toHaveLength(1);

    const single = await admin.from('contact_submissions').select('email').eq('email', emails[0]).single();
    expect(single.data).toEqual({ email: emails[0] });
    const none = await admin.from('contact_submissions').select('email').eq('email', 'nobody@example.com').maybeSingle();
    expect(none).toMatchObject({ data: null, error: null });
    const many = await admin.from('contact_submissions').select('email').single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');

    const inserted = await admin.from('contact_submissions').insert(contact('returned')).select('message').single();
    expect(inserted).toMatchObject({ status: 201, data: { message: 'returned' } });
  });
});
