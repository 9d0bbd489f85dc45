// refresh_token_reuse_interval through supabase-js: concurrent refreshes keep the session, late reuse ends it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor, uniqueEmail } from './testClients.ts';
import { ENGINES } from './testEngines.ts';

const PASSWORD = 'correct horse';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const refreshWith = (backend: RunningBackend, refreshToken: string) => clientFor(backend).auth.refreshSession({ refresh_token: refreshToken });

/** A REST call made with this exact access token: 200 while its session lives. */
async function restStatus(backend: RunningBackend, accessToken: string): Promise<number> {
  const response = await fetch(`${backend.apiUrl}/rest/v1/user_roles?select=*`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${accessToken}` } });
  await response.body?.cancel();
  return response.status;
}

async function signUp(backend: RunningBackend) {
  const { data, error } = await clientFor(backend).auth.signUp({ email: uniqueEmail('refresh'), password: PASSWORD });
  if (error || !data.session) throw error ?? new Error('no session');
  return data.session;
}

/** One PGlite backend of the default options for the file: the default interval's suite and the PGlite race run; what it logs. */
let shared: RunningBackend;
const sharedLog: string[] = [];
beforeAll(async () => {
  shared = await startTestBackend({ log: (line) => sharedLog.push(line) });
});
afterAll(() => shared?.close());

describe('with the default reuse interval (10 s)', () => {
  let backend: RunningBackend;
  beforeAll(() => {
    backend = shared;
  });

  it('answers two concurrent refreshes of one token with the same new session, which lives on', async () => {
    const session = await signUp(backend);
    const [a, b] = await Promise.all([refreshWith(backend, session.refresh_token), refreshWith(backend, session.refresh_token)]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session!.refresh_token).toBe(b.data.session!.refresh_token);
    expect(await restStatus(backend, a.data.session!.access_token)).toBe(200);
    expect(await restStatus(backend, b.data.session!.access_token)).toBe(200);
    const next = await refreshWith(backend, a.data.session!.refresh_token);
    expect(next.error).toBeNull();
    expect(await restStatus(backend, next.data.session!.access_token)).toBe(200);
  });

  it('lets a token rotated twice be reused within the interval, in the same session', async () => {
    const first = await signUp(backend);
    const second = (await refreshWith(backend, first.refresh_token)).data.session!;
    const third = (await refreshWith(backend, second.refresh_token)).data.session!;
    const reuse = await refreshWith(backend, first.refresh_token);
    expect(reuse.error).toBeNull();
    const claims = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { session_id: string };
    expect(claims(reuse.data.session!.access_token).session_id).toBe(claims(first.access_token).session_id);
    expect(await restStatus(backend, third.access_token)).toBe(200);
    expect((await refreshWith(backend, third.refresh_token)).error).toBeNull();
  });
});

describe('after the reuse interval (1 s here)', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ refreshTokenReuseInterval: 1 });
  });
  afterAll(() => backend?.close());

  it('ends the session when a token rotated long ago comes back', async () => {
    const first = await signUp(backend);
    const second = (await refreshWith(backend, first.refresh_token)).data.session!;
    const third = (await refreshWith(backend, second.refresh_token)).data.session!;
    await sleep(1500);
    const reuse = await refreshWith(backend, first.refresh_token);
    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
    expect((await refreshWith(backend, third.refresh_token)).error?.code).toBe('refresh_token_not_found');
    expect((await clientFor(backend).auth.getUser(third.access_token)).error?.name).toBe('AuthSessionMissingError');
  });

  it("hands the session's current token out again to the holder of its parent, as GoTrue does", async () => {
    const first = await signUp(backend);
    const second = (await refreshWith(backend, first.refresh_token)).data.session!;
    await sleep(1500);
    const again = await refreshWith(backend, first.refresh_token);
    expect(again.error).toBeNull();
    expect(again.data.session!.refresh_token).toBe(second.refresh_token);
  });
});

describe.each(ENGINES)('refreshes racing a logout on $name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  let backend: RunningBackend;
  let logged: string[] = [];
  beforeAll(async () => {
    if (engine.name === 'PGlite') [backend, logged] = [shared, sharedLog];
    else backend = await engine.start({ log: (line) => logged.push(line) });
  }, 60_000);
  afterAll(() => (backend === shared ? undefined : backend?.close()));

  it('answer in 4xx at worst, never a deadlock 500', async () => {
    const headers = { apikey: backend.anonKey, 'Content-Type': 'application/json' };
    const first = await signUp(backend);
    const email = (await clientFor(backend).auth.getUser(first.access_token)).data.user!.email!;
    const statuses = new Set<number>();
    for (let round = 0; round < 10; round++) {
      const { data } = await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD });
      const { refresh_token, access_token } = data.session!;
      const refresh = () => fetch(`${backend.apiUrl}/auth/v1/token?grant_type=refresh_token`, { method: 'POST', headers, body: JSON.stringify({ refresh_token }) });
      const logout = (scope: string) => fetch(`${backend.apiUrl}/auth/v1/logout?scope=${scope}`, { method: 'POST', headers: { ...headers, Authorization: `Bearer ${access_token}` } });
      const answers = await Promise.all([refresh(), logout('local'), refresh(), logout('global'), refresh(), logout('others')]);
      for (const answer of answers) {
        statuses.add(answer.status);
        await answer.body?.cancel();
      }
    }
    expect([...statuses].filter((status) => status >= 500)).toEqual([]);
    expect(logged.filter((line) => line.includes('deadlock'))).toEqual([]);
  }, 60_000);
});
