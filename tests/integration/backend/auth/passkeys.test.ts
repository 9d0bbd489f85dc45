// Passkeys and WebAuthn MFA through the real supabase-js, with a software authenticator, on PGlite and
// on a PostgreSQL server: a project whose config.toml enables [auth.passkey] and [auth.mfa.web_authn].
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { uniqueEmail } from '../testClients.ts';
import { ENGINES } from '../testEngines.ts';
import { SoftwareAuthenticator } from './softwareAuthenticator.ts';

const RP_ID = 'localhost';
const ORIGIN = 'http://localhost:5173';
const CONFIG = `
[auth]
site_url = "http://localhost:5173"
[auth.email]
enable_confirmations = false
[auth.passkey]
enabled = true
[auth.webauthn]
rp_display_name = "Decksmith"
rp_id = "${RP_ID}"
rp_origins = ["${ORIGIN}"]
[auth.mfa.web_authn]
enroll_enabled = true
verify_enabled = true
`;

class NoWebSocket {
  constructor() {
    throw new Error('realtime is not used');
  }
}

const b64 = (buffer: ArrayBuffer) => Buffer.from(buffer).toString('base64url');

describe.each(ENGINES)('$name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  let backend: RunningBackend;
  let dir: string;
  const client = (key = backend.publishableKey): SupabaseClient =>
    createClient(backend.apiUrl, key, {
      auth: { persistSession: false, autoRefreshToken: false, experimental: { passkey: true } },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      realtime: { transport: NoWebSocket as any },
    });
  const signedUp = async () => {
    const c = client();
    const { data, error } = await c.auth.signUp({ email: uniqueEmail('passkey'), password: 'correct horse' });
    expect(error).toBeNull();
    return { c, userId: data.user!.id };
  };
  const register = async (c: SupabaseClient, authenticator: SoftwareAuthenticator) => {
    const { data: options, error } = await c.auth.passkey.startRegistration();
    expect(error).toBeNull();
    return c.auth.passkey.verifyRegistration({ challengeId: options!.challenge_id, credential: authenticator.create(options!.options) as never });
  };
  const signIn = async (authenticator: SoftwareAuthenticator) => {
    const c = client();
    const { data: options } = await c.auth.passkey.startAuthentication();
    const assertion = authenticator.get(options!.options);
    return { c, options: options!, assertion, result: await c.auth.passkey.verifyAuthentication({ challengeId: options!.challenge_id, credential: assertion as never }) };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'site-passkeys-'));
    writeFileSync(path.join(dir, 'config.toml'), CONFIG);
    backend = await engine.start({ supabaseDir: dir });
  }, 120_000);
  afterAll(async () => {
    await backend?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('registers a passkey and signs in with it, once per challenge', async () => {
    const { c, userId } = await signedUp();
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const { data: options } = await c.auth.passkey.startRegistration();
    expect(options!.options).toMatchObject({ rp: { id: RP_ID, name: 'Decksmith' }, authenticatorSelection: { residentKey: 'required' } });
    expect(options!.options.pubKeyCredParams).toContainEqual({ type: 'public-key', alg: -7 });
    const created = await c.auth.passkey.verifyRegistration({ challengeId: options!.challenge_id, credential: authenticator.create(options!.options) as never });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ id: expect.any(String), friendly_name: 'Passkey', created_at: expect.any(String) });

    const { c: other, options: login, assertion, result } = await signIn(authenticator);
    expect(login.options.allowCredentials ?? []).toEqual([]);
    expect(result.error).toBeNull();
    expect(result.data?.user?.id).toBe(userId);
    expect((await other.auth.getUser()).data.user?.id).toBe(userId);
    const claims = await other.auth.getClaims();
    expect(claims.data?.claims.amr).toEqual([expect.objectContaining({ method: 'passkey' })]);
    // The same answer again: its challenge is used up.
    const replay = await client().auth.passkey.verifyAuthentication({ challengeId: login.challenge_id, credential: assertion as never });
    expect(replay.error).toMatchObject({ status: 400, code: 'webauthn_challenge_not_found' });
    const listed = await c.auth.passkey.list();
    expect(listed.data).toEqual([expect.objectContaining({ id: created.data!.id, last_used_at: expect.any(String) })]);
  });

  it('refuses an authenticator it never registered, a wrong origin and a missing user handle', async () => {
    const { c } = await signedUp();
    const registered = new SoftwareAuthenticator(RP_ID, ORIGIN);
    expect((await register(c, registered)).error).toBeNull();
    const stranger = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const { data: bind } = await c.auth.passkey.startRegistration();
    stranger.create(bind!.options);
    expect((await signIn(stranger)).result.error).toMatchObject({ status: 400, code: 'webauthn_verification_failed' });

    const { data: options } = await c.auth.passkey.startRegistration();
    const elsewhere = new SoftwareAuthenticator(RP_ID, ORIGIN).create(options!.options, { origin: 'https://evil.example' });
    expect((await c.auth.passkey.verifyRegistration({ challengeId: options!.challenge_id, credential: elsewhere as never })).error).toMatchObject({
      code: 'webauthn_verification_failed',
    });

    const anonymous = client();
    const { data: login } = await anonymous.auth.passkey.startAuthentication();
    const noHandle = registered.get(login!.options, { userHandle: null });
    expect((await anonymous.auth.passkey.verifyAuthentication({ challengeId: login!.challenge_id, credential: noHandle as never })).error).toMatchObject({
      code: 'webauthn_verification_failed',
    });
  });

  it('renames and deletes passkeys, the user and the admin alike', async () => {
    const { c, userId } = await signedUp();
    const first = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const kept = await register(c, first);
    const second = await register(c, new SoftwareAuthenticator(RP_ID, ORIGIN));
    const renamed = await c.auth.passkey.update({ passkeyId: kept.data!.id, friendlyName: 'Laptop' });
    expect(renamed.data).toMatchObject({ id: kept.data!.id, friendly_name: 'Laptop' });
    expect((await c.auth.passkey.update({ passkeyId: '00000000-0000-0000-0000-000000000000', friendlyName: 'x' })).error).toMatchObject({ status: 404 });

    const admin = client(backend.secretKey).auth.admin;
    expect((await admin.passkey.listPasskeys({ userId })).data?.map((p) => p.id).sort()).toEqual([kept.data!.id, second.data!.id].sort());
    expect((await admin.passkey.deletePasskey({ userId, passkeyId: second.data!.id })).error).toBeNull();
    expect((await c.auth.passkey.list()).data?.map((p) => p.id)).toEqual([kept.data!.id]);

    expect((await c.auth.passkey.delete({ passkeyId: kept.data!.id })).error).toBeNull();
    expect((await signIn(first)).result.error).toMatchObject({ code: 'webauthn_verification_failed' });
  });

  it('makes a sign-in aal2 with a WebAuthn factor: created on the first challenge, signed with on the next', async () => {
    const { c } = await signedUp();
    const authenticator = new SoftwareAuthenticator(RP_ID, ORIGIN);
    const enrolled = await c.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Security key' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({ type: 'webauthn', friendly_name: 'Security key' });
    const factorId = enrolled.data!.id;

    const create = await c.auth.mfa.challenge({ factorId, webauthn: { rpId: RP_ID, rpOrigins: [ORIGIN] } } as never);
    expect(create.error).toBeNull();
    const createOptions = (create.data as unknown as { webauthn: { type: string; credential_options: { publicKey: { challenge: ArrayBuffer; user: { id: ArrayBuffer } } } } }).webauthn;
    expect(createOptions.type).toBe('create');
    const made = authenticator.create({ challenge: b64(createOptions.credential_options.publicKey.challenge), user: { id: b64(createOptions.credential_options.publicKey.user.id) } });
    const verified = await c.auth.mfa.verify({
      factorId,
      challengeId: create.data!.id,
      webauthn: { type: 'create', rpId: RP_ID, rpOrigins: [ORIGIN], credential_response: { toJSON: () => made } },
    } as never);
    expect(verified.error).toBeNull();
    expect((await c.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal2');

    const request = await c.auth.mfa.challenge({ factorId, webauthn: { rpId: RP_ID, rpOrigins: [ORIGIN] } } as never);
    const requestOptions = (request.data as unknown as { webauthn: { type: string; credential_options: { publicKey: { challenge: ArrayBuffer; allowCredentials: { id: ArrayBuffer }[] } } } }).webauthn;
    expect(requestOptions.type).toBe('request');
    expect(requestOptions.credential_options.publicKey.allowCredentials.map((a) => Buffer.from(a.id))).toEqual([authenticator.credentialId]);
    const signed = authenticator.get({ challenge: b64(requestOptions.credential_options.publicKey.challenge) });
    const again = await c.auth.mfa.verify({
      factorId,
      challengeId: request.data!.id,
      webauthn: { type: 'request', rpId: RP_ID, rpOrigins: [ORIGIN], credential_response: { toJSON: () => signed } },
    } as never);
    expect(again.error).toBeNull();
    const amr = (await c.auth.getClaims()).data?.claims.amr as { method: string }[];
    expect(amr.map((a) => a.method)).toContain('mfa/webauthn');
  });
});
