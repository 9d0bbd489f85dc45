// Sign-ins beyond email and password as GoTrue answers them under the Supabase CLI: anonymous users
// ([auth] enable_anonymous_sign_ins), and the features the embedded server does not have (SAML SSO,
// passkeys, Web3, ID tokens, identity linking, phone), each with GoTrue's code and message.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { clientFor, signedInClient, uniqueEmail } from '../testClients.ts';

const PASSWORD = 'correct horse';

/** A copy of the project's supabase folder whose config.toml has `edit` applied. */
function projectWith(edit: (config: string) => string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'site-auth-variants-'));
  writeFileSync(path.join(dir, 'config.toml'), edit(readFileSync('supabase/config.toml', 'utf8')));
  symlinkSync(path.resolve('supabase/migrations'), path.join(dir, 'migrations'));
  symlinkSync(path.resolve('supabase/functions'), path.join(dir, 'functions'));
  return dir;
}

describe('anonymous sign-ins with enable_anonymous_sign_ins = true', () => {
  let backend: RunningBackend;
  let dir: string;
  beforeAll(async () => {
    dir = projectWith((config) => {
      expect(config).toMatch(/^enable_anonymous_sign_ins = false$/m);
      return config.replace(/^enable_anonymous_sign_ins = false$/m, 'enable_anonymous_sign_ins = true');
    });
    backend = await startTestBackend({ supabaseDir: dir });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs in a user without email or identity, anonymous in the user and in the token', async () => {
    const client = clientFor(backend);
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: '', is_anonymous: true, identities: [], app_metadata: {}, user_metadata: { theme: 'dark' } });
    expect(data.user!.last_sign_in_at).toBeTruthy();
    const claims = (await client.auth.getClaims()).data!.claims;
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: data.user!.id });
    expect(claims.amr).toEqual([{ method: 'anonymous', timestamp: expect.any(Number) }]);
    expect((await client.auth.getUser()).data.user).toMatchObject({ id: data.user!.id, is_anonymous: true });
    // No address to send a code to.
    expect((await client.auth.reauthenticate()).error).toMatchObject({
      status: 400,
      message: 'Reauthentication requires the user to have an email or a phone number',
    });
    const settings = await fetch(`${backend.apiUrl}/auth/v1/settings`, { headers: { apikey: backend.anonKey } }).then((r) => r.json());
    expect(settings.external.anonymous_users).toBe(true);
  });

  it('shows anonymous users to the admin API', async () => {
    const { data } = await clientFor(backend).auth.signInAnonymously();
    const found = await clientFor(backend, backend.serviceRoleKey).auth.admin.getUserById(data.user!.id);
    expect(found.data.user).toMatchObject({ is_anonymous: true, email: '' });
  });
});

describe('features the embedded auth server does not have', () => {
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ rateLimit: {} });
  });
  afterAll(() => backend?.close());

  it('answers each with GoTrue’s code and message for the feature turned off', async () => {
    const auth = clientFor(backend).auth;
    const cases = [
      [auth.signInAnonymously(), 422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'],
      [auth.signInWithSSO({ domain: 'example.com' }), 404, 'saml_provider_disabled', 'SAML 2.0 is disabled'],
      [auth.signInWithSSO({ providerId: '3e4c9b1a-6a0e-4f0a-9f5e-2f1f0d3c9a11' }), 404, 'saml_provider_disabled', 'SAML 2.0 is disabled'],
      [auth.signInWithIdToken({ provider: 'google', token: 'not-a-jwt' }), 400, 'provider_disabled', 'Provider (issuer "https://accounts.google.com") is not enabled'],
      [auth.signInWithIdToken({ provider: 'apple', token: 'not-a-jwt' }), 400, 'validation_failed', 'Unable to detect issuer in ID token for Apple provider'],
      [auth.signUp({ phone: '+15555550100', password: PASSWORD }), 400, 'phone_provider_disabled', 'Phone signups are disabled'],
      [auth.signInWithPassword({ phone: '+15555550100', password: PASSWORD }), 422, 'phone_provider_disabled', 'Phone logins are disabled'],
      [auth.verifyOtp({ phone: 'not a number', token: '123456', type: 'sms' }), 400, 'validation_failed', 'Invalid phone number format (E.164 required)'],
    ] as const;
    for (const [call, status, code, message] of cases) {
      const { error } = await call;
      expect(error, message).toMatchObject({ status, code, message });
    }
    const web3 = await fetch(`${backend.apiUrl}/auth/v1/token?grant_type=web3`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ chain: 'solana', message: 'm', signature: 's' }),
    });
    expect({ status: web3.status, body: await web3.json() }).toEqual({
      status: 422,
      body: { code: 422, error_code: 'web3_provider_disabled', msg: 'Web3 provider is disabled' },
    });
    const passkeys = await fetch(`${backend.apiUrl}/auth/v1/passkeys/authentication/options`, { method: 'POST', headers: { apikey: backend.anonKey } });
    expect(await passkeys.json()).toEqual({ code: 404, error_code: 'passkey_disabled', msg: 'Passkeys are disabled' });
    const idToken = await fetch(`${backend.apiUrl}/auth/v1/token?grant_type=id_token`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect({ status: idToken.status, body: await idToken.json() }).toEqual({ status: 400, body: { error: 'invalid request', error_description: 'id_token required' } });
  });

  it('refuses identity linking with enable_manual_linking = false, after checking the token', async () => {
    const { client, userId } = await signedInClient(backend);
    const identities = await client.auth.getUserIdentities();
    expect(identities.data?.identities).toEqual([expect.objectContaining({ provider: 'email', user_id: userId })]);
    const linked = await client.auth.linkIdentity({ provider: 'github', options: { skipBrowserRedirect: true } });
    expect(linked.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' });
    const unlinked = await client.auth.unlinkIdentity(identities.data!.identities[0]);
    expect(unlinked.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    const anonymous = await fetch(`${backend.apiUrl}/auth/v1/user/identities/authorize?provider=github`, { headers: { apikey: backend.anonKey } });
    expect(await anonymous.json()).toMatchObject({ code: 401, error_code: 'no_authorization' });
  });

  it('records the sign-in of a sign-up that returns tokens (last_sign_in_at)', async () => {
    const { data } = await clientFor(backend).auth.signUp({ email: uniqueEmail('fresh'), password: PASSWORD });
    expect(data.session).not.toBeNull();
    expect(data.user!.last_sign_in_at).toBeTruthy();
    expect(data.session!.user.last_sign_in_at).toBe(data.user!.last_sign_in_at);
  });
});

describe('[auth.rate_limit] per_ip = false: no per-IP request limit, as the Supabase CLI runs GoTrue', () => {
  let backend: RunningBackend;
  let dir: string;
  beforeAll(async () => {
    dir = projectWith((config) => {
      expect(config).toMatch(/^per_ip = true$/m);
      return config.replace(/^per_ip = true$/m, 'per_ip = false');
    });
    backend = await startTestBackend({ supabaseDir: dir, rateLimit: {} });
  });
  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes more sign-ups from one address than sign_in_sign_ups allows at once', async () => {
    // The project's config.toml allows sign_in_sign_ups = 30 per 5 minutes with a burst of 30.
    for (let i = 0; i < 40; i++) {
      const { error } = await clientFor(backend).auth.signUp({ email: uniqueEmail('unlimited'), password: PASSWORD });
      expect(error).toBeNull();
    }
  });
});
