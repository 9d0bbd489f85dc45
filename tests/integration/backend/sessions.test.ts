// Sign-up, confirmation, sign-in, refresh and sign-out through supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor, uniqueEmail } from './testClients.ts';

const PASSWORD = 'correct horse';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Refreshes with a fresh client (no cooldown from an earlier failure). */
async function refreshWith(backend: RunningBackend, refreshToken: string) {
  return clientFor(backend).auth.refreshSession({ refresh_token: refreshToken });
}

/** A REST call made with this exact access token. */
function restWith(backend: RunningBackend, accessToken: string) {
  return fetch(`${backend.apiUrl}/rest/v1/user_roles?select=*`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${accessToken}` } });
}

describe('with confirmations off (the local default)', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ jwtExpiry: 2 });
  });
  afterAll(() => backend?.close());

  it('signs up with a session at once, then signs in', async () => {
    const client = clientFor(backend);
    const email = uniqueEmail('Mixed.Case');
    const signUp = await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'http://127.0.0.1:4321/' } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.token_type).toBe('bearer');
    expect(signUp.data.user?.email).toBe(email.toLowerCase());
    expect(signUp.data.user?.email_confirmed_at).toBeTruthy();

    const signIn = await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.expires_in).toBe(2);
    expect(signIn.data.session?.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(signIn.data.user?.id).toBe(signUp.data.user?.id);
  });

  it('answers wrong credentials, weak passwords and taken emails as GoTrue does', async () => {
    const client = clientFor(backend);
    const email = uniqueEmail();
    await client.auth.signUp({ email, password: PASSWORD });
    const wrong = await clientFor(backend).auth.signInWithPassword({ email, password: 'wrong password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    const unknown = await clientFor(backend).auth.signInWithPassword({ email: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.error?.code).toBe('invalid_credentials');
    const weak = await clientFor(backend).auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', name: 'AuthWeakPasswordError' });
    const taken = await clientFor(backend).auth.signUp({ email: email.toUpperCase(), password: PASSWORD });
    expect(taken.error).toMatchObject({ status: 422, code: 'user_already_exists' });
  });

  it('refreshes an expired access token, rotating the refresh token', async () => {
    const client = clientFor(backend);
    const { data } = await client.auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    const first = data.session!;
    expect((await restWith(backend, first.access_token)).status).toBe(200);
    await sleep(3100);
    const expired = await restWith(backend, first.access_token);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await restWith(backend, second.access_token)).status).toBe(200);

    // A rotated token used again within refresh_token_reuse_interval (10 s) still refreshes the same
    // session; reuse that ends the session is in authRefresh.test.ts.
    const reuse = await refreshWith(backend, first.refresh_token);
    expect(reuse.error).toBeNull();
    const sessionId = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { session_id: string }).session_id;
    expect(sessionId(reuse.data.session!.access_token)).toBe(sessionId(first.access_token));
  });

  it('signs out: the refresh token is revoked and the session is gone', async () => {
    const email = uniqueEmail();
    await clientFor(backend).auth.signUp({ email, password: PASSWORD });
    const client = clientFor(backend);
    const { data } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    const session = data.session!;
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();
    const refresh = await refreshWith(backend, session.refresh_token);
    expect(refresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
    const user = await clientFor(backend).auth.getUser(session.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it("signs out 'others' and keeps the current session", async () => {
    const email = uniqueEmail();
    await clientFor(backend).auth.signUp({ email, password: PASSWORD });
    const laptop = clientFor(backend);
    const phone = clientFor(backend);
    await laptop.auth.signInWithPassword({ email, password: PASSWORD });
    const phoneSession = (await phone.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    expect((await laptop.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await refreshWith(backend, phoneSession.refresh_token)).error?.code).toBe('refresh_token_not_found');
    // (With a 2 s expiry auth-js refreshes on every call, so ask the client for its current token.)
    const current = (await laptop.auth.getSession()).data.session!;
    expect((await refreshWith(backend, current.refresh_token)).error).toBeNull();
  });

  it('updates the user (metadata and password)', async () => {
    const email = uniqueEmail();
    const client = clientFor(backend);
    await client.auth.signUp({ email, password: PASSWORD });
    const updated = await client.auth.updateUser({ data: { full_name: 'Grace Hopper' }, password: 'new password' });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Grace Hopper' });
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: 'new password' })).error).toBeNull();
  });
});

describe('with confirmations on', () => {
  let backend: RunningBackend;
  const lines: string[] = [];
  beforeAll(async () => {
    backend = await startTestBackend({ enableConfirmations: true, log: (line) => lines.push(line) });
  });
  afterAll(() => backend?.close());

  it('prints a confirmation link that confirms the address and signs the user in', async () => {
    const email = uniqueEmail();
    const signUp = await clientFor(backend).auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'http://localhost:4321/auth' } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();

    const early = await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed' });

    const line = lines.find((l) => l.includes(email));
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(line ?? '')?.[1];
    expect(link).toContain('type=signup');
    const response = await fetch(link!, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:4321/auth');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    const client = clientFor(backend);
    const set = await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(set.error).toBeNull();
    expect(set.data.user?.email_confirmed_at).toBeTruthy();

    expect((await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    // A link works once.
    const again = await fetch(link!, { redirect: 'manual' });
    expect(new URL(again.headers.get('location')!).hash).toContain('error_code=otp_expired');
  });

  it('sends an unknown redirect target back to site_url', async () => {
    const email = uniqueEmail();
    await clientFor(backend).auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example/steal' } });
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(lines.find((l) => l.includes(email)) ?? '')?.[1];
    const response = await fetch(link!, { redirect: 'manual' });
    expect(response.headers.get('location')).toMatch(/^http:\/\/127\.0\.0\.1:4321#access_token=/);
  });
});
