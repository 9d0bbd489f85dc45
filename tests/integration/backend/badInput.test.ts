// Bad input gets a 4xx in the shape of the API it was sent to (PostgREST
// { code, message, details, hint }, GoTrue { code, error_code, msg }, the
// functions' { error } or { code, message }), never a 500, and stores nothing.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { adminClient, uniqueEmail } from './testClients.ts';

let backend: RunningBackend;
const logged: string[] = [];
beforeAll(async () => {
  backend = await startTestBackend({ log: (line) => logged.push(line) });
});
afterAll(() => backend?.close());

const anon = () => ({ apikey: backend.anonKey, 'Content-Type': 'application/json' });
const service = () => ({ ...anon(), Authorization: `Bearer ${backend.serviceRoleKey}` });

async function send(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const response = await fetch(`${backend.apiUrl}${path}`, { redirect: 'manual', ...init, headers: { ...anon(), ...init.headers } });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** A request fetch cannot make (a TRACE, a forged Host, an over-long URL), straight over node:http. */
function raw(method: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const { port } = new URL(backend.apiUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers: { apikey: backend.anonKey, ...headers } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) as Record<string, unknown> }));
    });
    request.on('error', reject);
    request.end();
  });
}

async function storedEmails(table: string): Promise<string[]> {
  return (await backend.db.query<{ email: string }>(`select email from public.${table}`)).rows.map((r) => r.email);
}

const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('NUL bytes and other values Postgres cannot store', () => {
  it('answers a NUL in a sign-up email, a refresh token or a metadata key with GoTrue 400 validation_failed', async () => {
    const signup = await send('/auth/v1/signup', { method: 'POST', body: JSON.stringify({ email: 'a\u0000b@example.com', password: 'correct horse' }) });
    expect(signup).toMatchObject({ status: 400, body: { code: 400, error_code: 'validation_failed' } });
    const refresh = await send('/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: 'x\u0000' }) });
    expect(refresh).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    const data = await send('/auth/v1/signup', { method: 'POST', body: JSON.stringify({ email: uniqueEmail('nul'), password: 'correct horse', data: { 'k\u0000': 1 } }) });
    expect(data).toMatchObject({ status: 400, body: { error_code: 'validation_failed' } });
    expect(logged.filter((line) => line.startsWith('auth:'))).toEqual([]);
  });

  it('answers a filter value that is no boolean as Postgres does (400 22P02), not with a JS error from the driver', async () => {
    for (const query of ['willing_to_give_feedback=eq.maybe', 'willing_to_give_feedback=in.(t,maybe)']) {
      const response = await send(`/rest/v1/waitlist?${query}`, { headers: service() });
      expect(response, query).toEqual({ status: 400, body: { code: '22P02', message: 'invalid input syntax for type boolean: "maybe"', details: null, hint: null } });
    }
    expect((await send('/rest/v1/waitlist?willing_to_give_feedback=eq.tr', { headers: service() })).status).toBe(200);
  });

  it('answers a NUL in a REST filter with 400 22021', async () => {
    const filter = await send('/rest/v1/contact_submissions?name=eq.a%00b', { headers: service() });
    expect(filter).toMatchObject({ status: 400, body: { code: '22021', details: null, hint: null } });
  });

  it('answers an audit entry whose resourceId holds a NUL with 400 from the function', async () => {
    const admin = await adminClient(backend);
    const token = (await admin.client.auth.getSession()).data.session!.access_token;
    const response = await send('/functions/v1/log-admin-action', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ action: 'view_contact_submissions', resourceType: 'contact_submissions', resourceId: 'a\u0000b' }),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: expect.stringContaining('resourceId') });
  });
});

describe('deeply nested JSON', () => {
  it('refuses a 50,000-deep body with 400 on REST, a function call and auth, before anything walks it', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    for (const path of ['/rest/v1/contact_submissions', '/rest/v1/rpc/waitlist_count']) {
      const response = await send(path, { method: 'POST', body: deepObject(50_000) });
      expect(response, path).toMatchObject({ status: 400, body: { code: 'PGRST102', message: 'Empty or invalid json' } });
      expect(String(response.body!.details)).toContain('512 levels');
    }
    expect(await send('/rest/v1/contact_submissions', { method: 'POST', body: deep })).toMatchObject({ status: 400, body: { code: 'PGRST102' } });
    expect(await send('/auth/v1/signup', { method: 'POST', body: deepObject(50_000) })).toMatchObject({ status: 400, body: { error_code: 'bad_json' } });
  });

  it('refuses 5,000 levels inside a field (JSON.stringify overflows there), and takes 512', async () => {
    const contact = (company: string) => `{"name":"Ada","email":"${uniqueEmail('deep')}","message":"Hi","company":${company}}`;
    expect(await send('/rest/v1/contact_submissions', { method: 'POST', body: contact(deepObject(5_000)) })).toMatchObject({ status: 400, body: { code: 'PGRST102' } });
    const signup = await send('/auth/v1/signup', { method: 'POST', body: `{"email":"${uniqueEmail('deep')}","password":"correct horse","data":${deepObject(5_000)}}` });
    expect(signup).toMatchObject({ status: 400, body: { error_code: 'bad_json' } });
    // 512 levels in all: accepted (user metadata is jsonb, and it comes back whole).
    const ok = await send('/auth/v1/signup', { method: 'POST', body: `{"email":"${uniqueEmail('deep')}","password":"correct horse","data":${deepObject(511)}}` });
    expect(ok.status).toBe(200);
    expect(JSON.stringify((ok.body!.user as { user_metadata: unknown }).user_metadata)).toBe(deepObject(511));
  });
});

describe('the request URL', () => {
  it('answers malformed or non-UTF-8 percent-escapes with 400 PGRST100 (query) and in the path, never 500', async () => {
    for (const path of ['/rest/v1/waitlist?name=eq.%E0%A4%A', '/rest/v1/waitlist?name=eq.%ZZ', '/rest/v1/wait%E0list', '/rest/v1/rpc/waitlist_count?x=%FF']) {
      const response = await send(path, { headers: service() });
      expect(response, path).toMatchObject({ status: 400, body: { code: 'PGRST100', details: null } });
      expect(String(response.body!.message)).toContain('Invalid percent-encoding');
    }
    const auth = await send('/auth/v1/verify?type=signup&token=%E0%A4%A');
    expect(auth).toMatchObject({ status: 400, body: { code: 400, error_code: 'validation_failed' } });
  });

  it('answers a HEAD over 16 KB with 431 and no body (the connection stays parsable)', async () => {
    const { port } = new URL(backend.apiUrl);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method: 'HEAD', path: `/rest/v1/waitlist?x=${'x'.repeat(20_000)}` }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
      });
      request.on('error', reject);
      request.end();
    });
    expect(answer).toEqual({ status: 431, text: '' });
  });

  it('answers a URL over 16 KB with 431 in the shape of its API', async () => {
    const rest = await raw('GET', `/rest/v1/waitlist?name=eq.${'x'.repeat(20_000)}`);
    expect(rest).toMatchObject({ status: 431, body: { code: '431', details: null, hint: null } });
    const auth = await raw('GET', `/auth/v1/settings?x=${'x'.repeat(20_000)}`);
    expect(auth).toMatchObject({ status: 431, body: { code: 431, error_code: 'validation_failed' } });
  });

  it('ignores a forged Host header and answers TRACE with 405', async () => {
    expect((await raw('GET', '/auth/v1/settings', { Host: 'bad host[' })).status).toBe(200);
    expect(await raw('TRACE', '/rest/v1/waitlist')).toMatchObject({ status: 405, body: { code: 'PGRST117', message: 'Unsupported HTTP method: TRACE' } });
  });

  it('answers a body over 1 MB to auth in GoTrue shape', async () => {
    const response = await send('/auth/v1/signup', { method: 'POST', body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }) });
    expect(response).toMatchObject({ status: 413, body: { code: 413, error_code: 'request_entity_too_large', msg: 'Request body too large (max 1048576 bytes)' } });
  });
});

describe('bodies REST does not take', () => {
  it('refuses a text/plain (or any non-JSON) body to a table with 400 PGRST102 and inserts nothing', async () => {
    const email = uniqueEmail('plain');
    const body = JSON.stringify({ name: 'Ada', email, message: 'Hello' });
    const plain = await send('/rest/v1/contact_submissions', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body });
    expect(plain).toMatchObject({ status: 400, body: { code: 'PGRST102', message: 'Content-Type not acceptable: text/plain', details: null, hint: null } });
    // Form and CSV bodies are rows, as PostgREST takes them (postgrestWrites.test.ts); octet-stream is for functions only.
    const bytes = await send('/rest/v1/contact_submissions', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body });
    expect(bytes).toMatchObject({ status: 400, body: { message: 'Content-Type not acceptable: application/octet-stream' } });
    const odd = await send('/rest/v1/contact_submissions', { method: 'PATCH', headers: { ...service(), 'Content-Type': 'application/xml; charset=utf-8' }, body });
    expect(odd).toMatchObject({ status: 400, body: { message: 'Content-Type not acceptable: application/xml; charset=utf-8' } });
    expect(await storedEmails('contact_submissions')).not.toContain(email);
  });

  it('answers a text body to a function as PostgREST does: no function with one unnamed text parameter', async () => {
    const response = await send('/rest/v1/rpc/waitlist_count', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(response).toMatchObject({ status: 404, body: { code: 'PGRST202', message: 'Could not find the function public.waitlist_count in the schema cache' } });
  });

  it('refuses a body that is not UTF-8 with 400 PGRST102 instead of storing U+FFFD', async () => {
    const email = uniqueEmail('utf8');
    const body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe]), Buffer.from(`","email":"${email}","message":"Hello"}`)]);
    const response = await send('/rest/v1/contact_submissions', { method: 'POST', body });
    expect(response).toMatchObject({ status: 400, body: { code: 'PGRST102', message: 'Empty or invalid json' } });
    expect(await storedEmails('contact_submissions')).not.toContain(email);
    const auth = await send('/auth/v1/signup', { method: 'POST', body: Buffer.from([0x7b, 0xff, 0x7d]) });
    expect(auth).toMatchObject({ status: 400, body: { error_code: 'bad_json' } });
  });

  it('answers an insert with a filter (which an insert ignores) without a protocol error', async () => {
    const response = await send('/rest/v1/contact_submissions?created_at=gt.notadate', { method: 'POST', body: '[{}]' });
    expect(response).toMatchObject({ status: 400, body: { code: '23502' } });
  });

  it('refuses an array of scalars as function arguments', async () => {
    expect(await send('/rest/v1/rpc/waitlist_count', { method: 'POST', body: '[1,2]' })).toMatchObject({ status: 400, body: { code: 'PGRST102', message: 'All object keys must match' } });
  });
});

describe('clients that go away', () => {
  it('are not logged as internal errors', async () => {
    const { port } = new URL(backend.apiUrl);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST /rest/v1/waitlist HTTP/1.1\r\nHost: x\r\napikey: ${backend.anonKey}\r\nContent-Length: 100\r\n\r\n{"name":`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(logged.filter((line) => line.includes('aborted'))).toEqual([]);
  });
});

describe('real internal errors', () => {
  it('still answer 500 in the API shape, and are logged', async () => {
    const lines: string[] = [];
    const broken = await startTestBackend({ log: (line) => lines.push(line) });
    try {
      await broken.db.close();
      const response = await fetch(`${broken.apiUrl}/rest/v1/rpc/waitlist_count`, { method: 'POST', headers: { apikey: broken.anonKey } });
      expect(response.status).toBe(500);
      expect(Object.keys((await response.json()) as object).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(lines.length).toBeGreaterThan(0);
    } finally {
      await broken.close().catch(() => {});
    }
  });
});
