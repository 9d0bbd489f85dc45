// Control characters in a request's text get a 4xx in the shape of the API
// they were sent to, on PGlite and on a real PostgreSQL server
// (testEngines.ts): a NUL in a name that goes into a statement's text is a
// PostgREST parse error (PGRST100) before the server sees it, and a
// redirect_to holding one is treated as GoTrue treats a URL Go cannot parse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { ENGINES } from './testEngines.ts';

describe.each(ENGINES)('$name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }

  let backend: RunningBackend;
  const logged: string[] = [];
  beforeAll(async () => {
    backend = await engine.start({ log: (line) => logged.push(line) });
  }, 60_000);
  afterAll(() => backend?.close());

  async function get(path: string): Promise<{ status: number; body: Record<string, unknown> | null; location: string | null }> {
    const headers = { apikey: backend.anonKey, Authorization: `Bearer ${backend.serviceRoleKey}` };
    const response = await fetch(`${backend.apiUrl}${path}`, { headers, redirect: 'manual' });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, location: response.headers.get('location') };
  }

  it('answers a NUL in a JSON key, an alias or a quoted name of select with 400 PGRST100, not a protocol error', async () => {
    for (const select of ['name->>%00', 'name->>%22%00%22', 'name->0%00', '%22a%00%22:name', 'x:name->a%00b->>c']) {
      const response = await get(`/rest/v1/waitlist?select=${select}`);
      expect(response.status, select).toBe(400);
      expect(response.body, select).toMatchObject({ code: 'PGRST100', details: expect.stringMatching(/^unexpected "\\NUL" expecting /), hint: null });
    }
    for (const query of ['order=name->>%00', 'name->>%00=eq.x', 'or=(name->>%00.eq.x)']) {
      expect(await get(`/rest/v1/waitlist?${query}`), query).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
    }
    expect(logged.filter((line) => line.startsWith('rest:'))).toEqual([]);
  });

  it('answers a NUL in a filter value as Postgres does (400 22021), other control characters as text, a lone surrogate as bad UTF-8', async () => {
    expect(await get('/rest/v1/waitlist?name=eq.a%00b')).toMatchObject({ status: 400, body: { code: '22021' } });
    for (const ch of ['%01', '%09', '%0A', '%0D', '%1B', '%7F', '%E2%80%A8']) {
      expect(await get(`/rest/v1/waitlist?select=name,${encodeURIComponent('"a')}${ch}":name&name=eq.a${ch}b&order=name`), ch).toMatchObject({ status: 200, body: [] });
    }
    expect(await get('/rest/v1/waitlist?select=name&name=eq.a%ED%A0%80b')).toMatchObject({ status: 400, body: { code: 'PGRST100' } });
  });

  it('redirects GET /verify with a redirect_to holding a control character to the site URL, as for none', async () => {
    const plain = await get('/auth/v1/verify?type=signup&token=123456');
    expect(plain.status).toBe(303);
    const siteUrl = plain.location!.split('#')[0];
    for (const ch of ['%00', '%01', '%09', '%0A', '%0D', '%1B', '%7F']) {
      const response = await get(`/auth/v1/verify?type=signup&token=123456&redirect_to=http://localhost:4321/a${ch}b`);
      expect(response.status, ch).toBe(303);
      expect(response.location!.split('#')[0], ch).toBe(siteUrl);
    }
    // A redirect_to without one is still followed.
    expect((await get('/auth/v1/verify?type=signup&token=123456&redirect_to=http://localhost:4321/ab')).location).toMatch(/^http:\/\/localhost:4321\/ab#/);
    expect(logged.filter((line) => line.startsWith('auth:'))).toEqual([]);
  });
});
