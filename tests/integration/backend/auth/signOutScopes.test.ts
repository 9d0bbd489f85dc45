// POST /logout?scope=global|local|others as GoTrue answers it: ended sessions' refresh and access tokens are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { clientFor, uniqueEmail } from '../testClients.ts';

const PASSWORD = 'correct horse';

describe('sign-out scopes', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend?.close());

  /** Three signed-in devices of one user. */
  async function devices() {
    const email = uniqueEmail();
    await clientFor(backend).auth.signUp({ email, password: PASSWORD });
    const sessions = [];
    for (let i = 0; i < 3; i += 1) {
      const client = clientFor(backend);
      const { data } = await client.auth.signInWithPassword({ email, password: PASSWORD });
      sessions.push({ client, session: data.session! });
    }
    return sessions;
  }
  const refuses = async (session: { access_token: string; refresh_token: string }) => {
    const refresh = await clientFor(backend).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const user = await fetch(`${backend.apiUrl}/auth/v1/user`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${session.access_token}` } });
    expect(user.status).toBe(403);
    expect(await user.json()).toMatchObject({ error_code: 'session_not_found', msg: 'Session from session_id claim in JWT does not exist' });
  };
  const accepts = async (session: { access_token: string }) => {
    expect((await clientFor(backend).auth.getUser(session.access_token)).error).toBeNull();
  };

  it("'local' ends only this session", async () => {
    const [laptop, phone] = await devices();
    expect((await laptop.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    await refuses(laptop.session);
    await accepts(phone.session);
  });

  it("'others' ends every other session", async () => {
    const [laptop, phone, tablet] = await devices();
    expect((await laptop.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    await refuses(phone.session);
    await refuses(tablet.session);
    await accepts(laptop.session);
  });

  it("'global' (the default, also with no scope) ends them all; an unknown scope is refused", async () => {
    const [laptop, phone] = await devices();
    const logout = (scope: string) =>
      fetch(`${backend.apiUrl}/auth/v1/logout${scope}`, { method: 'POST', headers: { apikey: backend.anonKey, Authorization: `Bearer ${laptop.session.access_token}` } });
    const unknown = await logout('?scope=everywhere');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error_code: 'validation_failed', msg: 'Unsupported logout scope "everywhere"' });
    expect((await logout('?scope=')).status).toBe(204);
    await refuses(laptop.session);
    await refuses(phone.session);
  });
});
