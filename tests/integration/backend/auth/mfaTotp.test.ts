// TOTP multi-factor authentication through supabase-js's mfa API, answered as GoTrue answers it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { totpCode } from '../../../../generator/backend/auth/totp.ts';
import { runAsCaller } from '../../../../generator/backend/runAsCaller.ts';
import { ENGINES } from '../testEngines.ts';
import { clientFor, signedInClient } from '../testClients.ts';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { aal: string; amr: { method: string }[] };
const now = () => Date.now() / 1000;

/** One backend of the default options for the file: the TOTP suite, the PGlite run of the assurance suite and the JWKS. */
let shared: RunningBackend;
beforeAll(async () => {
  shared = await startTestBackend();
});
afterAll(() => shared?.close());

describe('TOTP factors', () => {
  let backend: RunningBackend;
  beforeAll(() => {
    backend = shared;
  });

  /** A signed-in user with a verified TOTP factor; the client's session is aal2. */
  async function withVerifiedFactor() {
    const signedIn = await signedInClient(backend);
    const { client } = signedIn;
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app' });
    expect(enrolled.error).toBeNull();
    const { id, totp } = enrolled.data as { id: string; totp: { secret: string; uri: string } };
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: id, code: totpCode(totp.secret, now()) });
    expect(verified.error).toBeNull();
    return { ...signedIn, factorId: id, secret: totp.secret, session: verified.data! };
  }

  it('enrolls, challenges and verifies: the session becomes aal2 with totp in its amr', async () => {
    const { client, email } = await signedInClient(backend);
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });

    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone app', issuer: 'Site Club' });
    expect(enrolled.error).toBeNull();
    const data = enrolled.data as { id: string; type: string; friendly_name: string; totp: { qr_code: string; secret: string; uri: string } };
    expect(data).toMatchObject({ type: 'totp', friendly_name: 'Phone app' });
    expect(data.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<\?xml version="1.0"\?>\n<svg /);
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.totp.uri).toBe(
      `otpauth://totp/Site%20Club:${email}?algorithm=SHA1&digits=6&issuer=Site+Club&period=30&secret=${data.totp.secret}`,
    );
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all).toEqual([expect.objectContaining({ id: data.id, factor_type: 'totp', status: 'unverified', friendly_name: 'Phone app' })]);
    expect(listed.data?.totp).toEqual([]);

    const challenge = await client.auth.mfa.challenge({ factorId: data.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data).toMatchObject({ type: 'totp' });
    expect((challenge.data as { expires_at: number }).expires_at).toBeGreaterThan(now() + 290);

    const verified = await client.auth.mfa.verify({ factorId: data.id, challengeId: challenge.data!.id, code: totpCode(data.totp.secret, now()) });
    expect(verified.error).toBeNull();
    const claims = claimsOf(verified.data!.access_token);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((a) => a.method)).toEqual(['totp', 'password']);

    const after = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(after.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(after.data?.currentAuthenticationMethods.map((a) => (typeof a === 'string' ? a : a.method))).toEqual(['totp', 'password']);
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.totp).toEqual([expect.objectContaining({ id: data.id, status: 'verified' })]);

    // The aal2 session refreshes as aal2; a challenge is single-use.
    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).aal).toBe('aal2');
    const reused = await client.auth.mfa.verify({ factorId: data.id, challengeId: challenge.data!.id, code: totpCode(data.totp.secret, now()) });
    expect(reused.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  it('swaps the refresh token on verification: the aal1 one cannot fetch the aal2 session', async () => {
    const { client } = await signedInClient(backend);
    const aal1RefreshToken = (await client.auth.getSession()).data.session!.refresh_token;
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { id, totp } = data as { id: string; totp: { secret: string } };
    expect((await client.auth.mfa.challengeAndVerify({ factorId: id, code: totpCode(totp.secret, now()) })).error).toBeNull();
    // Past refresh_token_reuse_interval, using it is taken as reuse and ends the session.
    await backend.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [aal1RefreshToken]);
    const stale = await clientFor(backend).auth.refreshSession({ refresh_token: aal1RefreshToken });
    expect(stale.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    expect((await client.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });

  it('refuses a wrong code, an expired challenge and unknown factors with GoTrue’s errors', async () => {
    const { client } = await signedInClient(backend);
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { id, totp } = data as { id: string; totp: { secret: string } };
    const challenge = (await client.auth.mfa.challenge({ factorId: id })).data!;
    const wrongCode = totpCode(totp.secret, now() + 120);
    const wrong = await client.auth.mfa.verify({ factorId: id, challengeId: challenge.id, code: wrongCode });
    expect(wrong.error).toMatchObject({ status: 422, code: 'mfa_verification_failed', message: 'Invalid TOTP code entered' });

    await backend.db.query(`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`, [challenge.id]);
    const expired = await client.auth.mfa.verify({ factorId: id, challengeId: challenge.id, code: totpCode(totp.secret, now()) });
    expect(expired.error).toMatchObject({
      status: 422,
      code: 'mfa_challenge_expired',
      message: `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
    });
    const gone = await client.auth.mfa.verify({ factorId: id, challengeId: challenge.id, code: totpCode(totp.secret, now()) });
    expect(gone.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found', message: 'MFA factor with the provided challenge ID not found' });

    const unknown = await client.auth.mfa.challenge({ factorId: crypto.randomUUID() });
    expect(unknown.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' });
    // Another user's factor is unknown too.
    const other = await signedInClient(backend);
    expect((await other.client.auth.mfa.challenge({ factorId: id })).error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });

    const again = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict', message: 'A factor with the friendly name "" for this user already exists' });
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
  });

  it('allows at most 10 factors', async () => {
    const { client } = await signedInClient(backend);
    for (let i = 0; i < 10; i += 1) expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `app ${i}` })).error).toBeNull();
    const eleventh = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'app 10' });
    expect(eleventh.error).toMatchObject({
      status: 422,
      code: 'too_many_enrolled_mfa_factors',
      message: 'Maximum number of verified factors reached, unenroll to continue',
    });
  });

  it('requires aal2 to enroll another factor or unenroll a verified one; unenrolling lowers the session to aal1', async () => {
    const { client, email, factorId, secret } = await withVerifiedFactor();
    // Verifying ended the user's other aal1 sessions; a new password sign-in is aal1 with aal2 available.
    const laptop = clientFor(backend);
    await laptop.auth.signInWithPassword({ email, password: 'correct horse' });
    expect((await laptop.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await laptop.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'second' })).error).toMatchObject({
      status: 403,
      code: 'insufficient_aal',
      message: 'AAL2 required to enroll a new factor',
    });
    expect((await laptop.auth.mfa.unenroll({ factorId })).error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });
    // The laptop steps up with a code (ending the user's aal1 sessions, as the tablet's), then the factor can go.
    const tablet = clientFor(backend);
    await tablet.auth.signInWithPassword({ email, password: 'correct horse' });
    const stepUp = await laptop.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret, now()) });
    expect(claimsOf(stepUp.data!.access_token).aal).toBe('aal2');
    expect((await tablet.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    expect((await client.auth.getUser()).error).toBeNull();

    const removed = await laptop.auth.mfa.unenroll({ factorId });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factorId });
    expect((await laptop.auth.mfa.listFactors()).data?.all).toEqual([]);
    const refreshed = await laptop.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token)).toMatchObject({ aal: 'aal1', amr: [expect.objectContaining({ method: 'password' })] });
    expect((await laptop.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('carries aal into SQL: an RLS policy can require aal2', async () => {
    // A test-only table made after start is not in the REST catalog, so it is read the way the REST handler reads (runAsCaller).
    await backend.db.exec(`
      create table public.mfa_only_notes (id int primary key, body text);
      alter table public.mfa_only_notes enable row level security;
      create policy "aal2 reads" on public.mfa_only_notes for select to authenticated using ((select auth.jwt() ->> 'aal') = 'aal2');
      insert into public.mfa_only_notes values (1, 'second factor only');
    `);
    const { email, session } = await withVerifiedFactor();
    const read = (token: string) =>
      runAsCaller(backend.db, { role: 'authenticated', claims: claimsOf(token) as unknown as Record<string, unknown> }, { method: 'GET', path: '/rest/v1/mfa_only_notes' }, (tx) =>
        tx.query<{ body: string }>(`select body from public.mfa_only_notes`),
      );
    expect((await read(session.access_token)).rows).toEqual([{ body: 'second factor only' }]);
    const aal1 = await clientFor(backend).auth.signInWithPassword({ email, password: 'correct horse' });
    expect((await read(aal1.data.session!.access_token)).rows).toEqual([]);
  });
});

describe.each(ENGINES)('the assurance level of a sign-in with a verified factor ($name)', (engine) => {
  let backend: RunningBackend;
  beforeAll(async () => {
    if (!engine.skip) backend = engine.name === 'PGlite' ? shared : await engine.start();
  });
  afterAll(() => (backend === shared ? undefined : backend?.close()));

  it.skipIf(engine.skip)('needs aal2 to change the password or the email: 401 insufficient_aal from aal1', async () => {
    const { client, email } = await signedInClient(backend);
    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { id, totp } = data as { id: string; totp: { secret: string } };
    // An unverified factor changes nothing.
    expect((await client.auth.updateUser({ password: 'first new horse' })).error).toBeNull();
    expect((await client.auth.mfa.challengeAndVerify({ factorId: id, code: totpCode(totp.secret, now()) })).error).toBeNull();

    const aal1 = clientFor(backend);
    expect((await aal1.auth.signInWithPassword({ email, password: 'first new horse' })).error).toBeNull();
    const insufficient = { status: 401, code: 'insufficient_aal', message: 'AAL2 session is required to update email or password when MFA is enabled.' };
    expect((await aal1.auth.updateUser({ password: 'stolen horse' })).error).toMatchObject(insufficient);
    expect((await aal1.auth.updateUser({ email: `new.${email}` })).error).toMatchObject(insufficient);
    // Metadata, and the email it already has, need no second factor.
    expect((await aal1.auth.updateUser({ email, data: { theme: 'dark' } })).error).toBeNull();
    const stored = await backend.db.query<{ email: string; meta: { theme?: string } }>(`select email, raw_user_meta_data as meta from auth.users where email = $1`, [email]);
    expect(stored.rows).toEqual([{ email, meta: expect.objectContaining({ theme: 'dark' }) }]);
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: 'stolen horse' })).error?.code).toBe('invalid_credentials');

    // The aal2 sign-in may.
    expect((await client.auth.updateUser({ password: 'second new horse' })).error).toBeNull();
  });

  it.skipIf(engine.skip)('never raises it on refresh: the aal1 refresh tokens are refused after the factor is verified, and reuse past the interval ends the sign-in', async () => {
    const { client } = await signedInClient(backend);
    const first = (await client.auth.getSession()).data.session!.refresh_token;
    // A tab refreshes twice; another, with the first token, within the reuse interval: two aal1 tokens are live.
    const tab = await clientFor(backend).auth.refreshSession({ refresh_token: first });
    const tabAgain = await clientFor(backend).auth.refreshSession({ refresh_token: tab.data.session!.refresh_token });
    const otherTab = await clientFor(backend).auth.refreshSession({ refresh_token: first });
    expect([tab.error, tabAgain.error, otherTab.error]).toEqual([null, null, null]);
    const live = await backend.db.query(`select 1 from auth.refresh_tokens where token = any($1) and not revoked`, [
      [tabAgain.data.session!.refresh_token, otherTab.data.session!.refresh_token],
    ]);
    expect(live.rows).toHaveLength(2);
    await client.auth.setSession(tabAgain.data.session!);
    const aal1Tokens = [first, tab.data.session!.refresh_token, tabAgain.data.session!.refresh_token, otherTab.data.session!.refresh_token];

    const { data } = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { id, totp } = data as { id: string; totp: { secret: string } };
    const verified = await client.auth.mfa.challengeAndVerify({ factorId: id, code: totpCode(totp.secret, now()) });
    expect(verified.error).toBeNull();

    // Within the reuse interval: refused, and the aal2 sign-in goes on.
    for (const token of aal1Tokens) {
      const refreshed = await clientFor(backend).auth.refreshSession({ refresh_token: token });
      expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });
      expect(refreshed.data.session).toBeNull();
    }
    const aal2 = await client.auth.refreshSession();
    expect(aal2.error).toBeNull();
    expect(claimsOf(aal2.data.session!.access_token).aal).toBe('aal2');

    // Past it: refused, and taken as theft, the sign-in ends.
    await backend.db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [aal1Tokens[3]]);
    const stale = await clientFor(backend).auth.refreshSession({ refresh_token: aal1Tokens[3] });
    expect(stale.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    expect((await client.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
  });
});

describe('GET /auth/v1/.well-known/jwks.json', () => {
  let backend: RunningBackend;
  beforeAll(() => {
    backend = shared;
  });

  it('publishes the public signing key, never the HS256 secret, without an apikey', async () => {
    const response = await fetch(`${backend.apiUrl}/auth/v1/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    const { keys } = await response.json();
    expect(keys).toEqual([{ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: expect.any(String), alg: 'ES256', use: 'sig', key_ops: ['verify'], ext: true }]);
  });
});
