// Sign-up confirmation in the PKCE flow through supabase-js (flowType 'pkce'): the link redirects with ?code=, exchangeCodeForSession signs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { clientFor, pkceClient, uniqueEmail } from '../testClients.ts';

const PASSWORD = 'correct horse';

describe('PKCE sign-up confirmation', () => {
  let backend: RunningBackend;
  const lines: string[] = [];
  beforeAll(async () => {
    backend = await startTestBackend({ enableConfirmations: true, log: (line) => lines.push(line) });
  });
  afterAll(() => backend?.close());

  /** Signs up in the PKCE flow and returns the client and its confirmation link. */
  async function signUp(email = uniqueEmail()) {
    const client = pkceClient(backend);
    const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'http://localhost:4321/auth?next=%2Fjoin' } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(lines.find((l) => l.includes(email)) ?? '')?.[1];
    return { client, email, link: link!, userId: data.user!.id };
  }

  async function follow(link: string): Promise<URL> {
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location')!);
  }

  it('redirects with ?code= instead of tokens, and exchangeCodeForSession signs in', async () => {
    const { client, email, link, userId } = await signUp();
    expect(new URL(link).searchParams.get('token')).toMatch(/^pkce_/);
    const stored = await backend.db.query<{ code_challenge_method: string; authentication_method: string }>(
      `select code_challenge_method, authentication_method from auth.flow_state where user_id = $1`,
      [userId],
    );
    expect(stored.rows).toEqual([{ code_challenge_method: 's256', authentication_method: 'email/signup' }]);

    const location = await follow(link);
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:4321/auth');
    expect(location.searchParams.get('next')).toBe('/join');
    expect(location.hash).toBe('');
    const code = location.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy();
    const claims = JSON.parse(Buffer.from(exchanged.data.session!.access_token.split('.')[1], 'base64url').toString());
    expect(claims.amr).toEqual([expect.objectContaining({ method: 'email/signup' })]);
    expect((await client.auth.getUser()).data.user?.id).toBe(userId);

    // The code works once.
    const again = await fetch(`${backend.apiUrl}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(43) }),
    });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ code: 404, error_code: 'flow_state_not_found', msg: 'invalid flow state, no valid flow state found' });
  });

  it('refuses a wrong verifier, an expired flow and missing parameters as GoTrue does', async () => {
    const token = (body: object) =>
      fetch(`${backend.apiUrl}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const { link, userId } = await signUp();
    const code = (await follow(link)).searchParams.get('code')!;

    const wrong = await token({ auth_code: code, code_verifier: 'y'.repeat(43) });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error_code: 'bad_code_verifier', msg: 'code challenge does not match previously saved code verifier' });

    const missing = await token({ auth_code: code });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error_code: 'validation_failed', msg: 'invalid request: both auth code and code verifier should be non-empty' });

    await backend.db.query(`update auth.flow_state set created_at = now() - interval '301 seconds' where user_id = $1`, [userId]);
    const expired = await token({ auth_code: code, code_verifier: 'y'.repeat(43) });
    expect(expired.status).toBe(422);
    expect(await expired.json()).toMatchObject({ error_code: 'flow_state_expired', msg: 'invalid flow state, flow state has expired' });

    // Through supabase-js, a client without the verifier (another browser) cannot exchange the code.
    const other = await pkceClient(backend).auth.exchangeCodeForSession(code);
    expect(other.error?.name).toBe('AuthPKCECodeVerifierMissingError');
  });

  it('accepts the plain method, and puts a failed link’s error in the query too', async () => {
    const email = uniqueEmail();
    const verifier = 'v'.repeat(50);
    const signUp = await fetch(`${backend.apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, code_challenge: verifier, code_challenge_method: 'plain' }),
    });
    expect(signUp.status).toBe(200);
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(lines.find((l) => l.includes(email)) ?? '')?.[1]!;
    const code = (await follow(link)).searchParams.get('code')!;
    const exchanged = await fetch(`${backend.apiUrl}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: verifier }),
    });
    expect(exchanged.status).toBe(200);
    expect(await exchanged.json()).toMatchObject({ token_type: 'bearer', user: { email } });

    const used = await follow(link);
    expect(used.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(used.hash.slice(1)).get('error_description')).toBe('Email link is invalid or has expired');

    const bad = await clientFor(backend).auth.signUp({ email: uniqueEmail(), password: PASSWORD });
    expect(bad.error).toBeNull();
    const half = await fetch(`${backend.apiUrl}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: PASSWORD, code_challenge: verifier }),
    });
    expect(half.status).toBe(400);
    expect(await half.json()).toMatchObject({ error_code: 'validation_failed', msg: 'PKCE flow requires code_challenge_method and code_challenge' });
  });
});
