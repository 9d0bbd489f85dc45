// GoTrue's admin API through supabase-js's auth.admin, with the service-role key only: users, bans,
// deletes, MFA factors, generate_link and invitations, answered as GoTrue answers them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { totpCode } from '../../../../generator/backend/auth/totp.ts';
import { ENGINES } from '../testEngines.ts';
import { clientFor, signedInClient, uniqueEmail } from '../testClients.ts';
import { latestMailTo, linkIn, mailsTo, openLink } from '../testInbox.ts';

const PASSWORD = 'correct horse';
const NOT_ADMIN = { status: 403, code: 'not_admin', message: 'User not allowed' };

describe.each(ENGINES)('auth admin API on $name', (engine) => {
  let backend: RunningBackend;
  const admin = () => clientFor(backend, backend.serviceRoleKey).auth.admin;
  beforeAll(async () => {
    if (!engine.skip) backend = await engine.start();
  });
  afterAll(() => backend?.close());

  it.skipIf(engine.skip)('refuses every admin route to the anon key and to a signed-in user (403 not_admin), and a request without a token (401)', async () => {
    const { client: user, userId } = await signedInClient(backend);
    const anon = clientFor(backend).auth.admin;
    const signedIn = user.auth.admin;
    for (const api of [anon, signedIn]) {
      const calls = [
        api.listUsers(),
        api.createUser({ email: uniqueEmail('nope'), password: PASSWORD }),
        api.getUserById(userId),
        api.updateUserById(userId, { app_metadata: { role: 'admin' } }),
        api.deleteUser(userId),
        api.generateLink({ type: 'magiclink', email: uniqueEmail('nope') }),
        api.inviteUserByEmail(uniqueEmail('nope')),
        api.mfa.listFactors({ userId }),
      ];
      for (const { error } of await Promise.all(calls)) expect(error).toMatchObject(NOT_ADMIN);
    }
    // A signed-in user's own token reaches the admin routes of the auth server only as that user.
    const { data } = await user.auth.getSession();
    const bare = await fetch(`${backend.apiUrl}/auth/v1/admin/users`, { headers: { apikey: backend.anonKey } });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toEqual({ code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' });
    const asUser = await fetch(`${backend.apiUrl}/auth/v1/admin/users/${userId}`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${data.session!.access_token}` } });
    expect(await asUser.json()).toEqual({ code: 403, error_code: 'not_admin', msg: 'User not allowed' });
    expect((await admin().getUserById(userId)).data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });

  it.skipIf(engine.skip)('creates users with metadata, confirmed or not, and refuses bad or taken addresses as GoTrue does', async () => {
    const email = uniqueEmail('created');
    const created = await admin().createUser({ email, password: PASSWORD, user_metadata: { name: 'Ada' }, app_metadata: { plan: 'pro' }, email_confirm: true });
    expect(created.error).toBeNull();
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { name: 'Ada' },
      app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' },
      is_anonymous: false,
    });
    expect(created.data.user!.email_confirmed_at).toBeTruthy();
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const unconfirmed = await admin().createUser({ email: uniqueEmail('unconfirmed'), password: PASSWORD });
    expect(unconfirmed.data.user!.email_confirmed_at).toBeUndefined();
    const login = await clientFor(backend).auth.signInWithPassword({ email: unconfirmed.data.user!.email!, password: PASSWORD });
    expect(login.error).toMatchObject({ code: 'email_not_confirmed' });

    const cases = [
      [{ email: 'xx:;x@x.x', password: PASSWORD }, 400, 'validation_failed', 'Unable to validate email address: invalid format'],
      [{ email, password: PASSWORD }, 422, 'email_exists', 'A user with this email address has already been registered'],
      [{ password: PASSWORD }, 400, 'validation_failed', 'Cannot create a user without either an email or phone'],
      [{ phone: '+0 12', password: PASSWORD }, 400, 'validation_failed', 'Invalid phone number format (E.164 required)'],
      [{ email: uniqueEmail('ban'), ban_duration: 'forever' }, 400, 'validation_failed', 'invalid format for ban duration: time: invalid duration "forever"'],
    ] as const;
    for (const [attributes, status, code, message] of cases) {
      const { data, error } = await admin().createUser(attributes);
      expect(error, message).toMatchObject({ status, code, message });
      expect(data.user).toBeNull();
    }
  });

  it.skipIf(engine.skip)('lists users newest first by page, with the total and the last page supabase-js reads from the headers', async () => {
    for (let i = 0; i < 3; i++) expect((await admin().createUser({ email: uniqueEmail('listed'), password: PASSWORD })).error).toBeNull();
    const all = await admin().listUsers({ page: 1, perPage: 1000 });
    expect(all.error).toBeNull();
    expect(all.data).toMatchObject({ aud: 'authenticated', total: all.data.users.length });
    const created = all.data.users.map((u) => u.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const first = await admin().listUsers({ page: 1, perPage: 2 });
    expect(first.data.users.map((u) => u.id)).toEqual(all.data.users.slice(0, 2).map((u) => u.id));
    expect(first.data).toMatchObject({ nextPage: 2, lastPage: Math.ceil(all.data.users.length / 2), total: all.data.users.length });
    const second = await admin().listUsers({ page: 2, perPage: 2 });
    expect(second.data.users.map((u) => u.id)).toEqual(all.data.users.slice(2, 4).map((u) => u.id));

    const bad = await admin().listUsers({ page: -1, perPage: 10 });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax' });
    expect(bad.data.users).toEqual([]);
  });

  it.skipIf(engine.skip)('updates email, password, metadata and confirmation; a ban ends sign-ins and refreshes until lifted', async () => {
    const { client, email, userId } = await signedInClient(backend);
    const newEmail = uniqueEmail('renamed');
    const updated = await admin().updateUserById(userId, {
      email: newEmail,
      password: 'another secret',
      user_metadata: { colour: 'yellow' },
      app_metadata: { roles: ['editor'] },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user).toMatchObject({ email: newEmail, user_metadata: { colour: 'yellow' }, app_metadata: { roles: ['editor'], provider: 'email' } });
    // Keys set to null go, others stay (GoTrue's UpdateUserMetaData).
    const merged = await admin().updateUserById(userId, { user_metadata: { colour: null, size: 'L' } });
    expect(merged.data.user!.user_metadata).toEqual({ size: 'L' });
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' });
    expect((await clientFor(backend).auth.signInWithPassword({ email: newEmail, password: 'another secret' })).error).toBeNull();
    const weak = await admin().updateUserById(userId, { password: '123' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });

    const session = (await client.auth.getSession()).data.session!;
    const banned = await admin().updateUserById(userId, { ban_duration: '876000h' });
    expect(new Date(banned.data.user!.banned_until!).getFullYear()).toBeGreaterThan(new Date().getFullYear() + 90);
    expect((await clientFor(backend).auth.signInWithPassword({ email: newEmail, password: 'another secret' })).error).toMatchObject({
      status: 400,
      code: 'user_banned',
      message: 'User is banned',
    });
    expect((await clientFor(backend).auth.getUser(session.access_token)).error).toMatchObject({ status: 403, code: 'user_banned' });
    expect((await clientFor(backend).auth.refreshSession({ refresh_token: session.refresh_token })).error).toMatchObject({
      status: 400,
      code: 'user_banned',
      message: 'Invalid Refresh Token: User Banned',
    });
    const lifted = await admin().updateUserById(userId, { ban_duration: 'none' });
    expect(lifted.data.user!.banned_until).toBeUndefined();
    expect((await clientFor(backend).auth.signInWithPassword({ email: newEmail, password: 'another secret' })).error).toBeNull();

    const unconfirmed = await admin().createUser({ email: uniqueEmail('later'), password: PASSWORD });
    const confirmed = await admin().updateUserById(unconfirmed.data.user!.id, { email_confirm: true });
    expect(confirmed.data.user!.email_confirmed_at).toBeTruthy();

    const missing = await admin().getUserById('83fd9e20-7a80-46e4-bf29-a86e3d6bbf66');
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found', message: 'User not found' });
    // supabase-js checks ids itself; GoTrue's own answer to a malformed one:
    const malformed = await fetch(`${backend.apiUrl}/auth/v1/admin/users/not-a-uuid`, {
      method: 'PUT',
      headers: { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect({ status: malformed.status, body: await malformed.json() }).toEqual({
      status: 404,
      body: { code: 404, error_code: 'validation_failed', msg: 'user_id must be an UUID' },
    });
  });

  it.skipIf(engine.skip)('deletes a user with all sign-ins, or soft-deletes: the row stays with its address obfuscated', async () => {
    const gone = await signedInClient(backend);
    expect((await admin().deleteUser(gone.userId)).error).toBeNull();
    expect((await admin().getUserById(gone.userId)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await gone.client.auth.getUser()).error).toMatchObject({ status: 403, code: 'user_not_found' });
    expect((await admin().listUsers({ perPage: 1000 })).data.users.map((u) => u.email)).not.toContain(gone.email);

    const soft = await signedInClient(backend);
    const token = (await soft.client.auth.getSession()).data.session!.access_token;
    expect((await admin().deleteUser(soft.userId, true)).error).toBeNull();
    const kept = await admin().getUserById(soft.userId);
    expect(kept.data.user!.deleted_at).toBeTruthy();
    expect(kept.data.user!.email).not.toBe(soft.email);
    const user = await fetch(`${backend.apiUrl}/auth/v1/user`, { headers: { apikey: backend.anonKey, Authorization: `Bearer ${token}` } });
    expect(await user.json()).toMatchObject({ code: 403, error_code: 'session_not_found' });
    expect((await clientFor(backend).auth.signInWithPassword({ email: soft.email, password: PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' });
    // The address is free again.
    expect((await admin().createUser({ email: soft.email, password: PASSWORD })).error).toBeNull();
  });

  it.skipIf(engine.skip)("lists and deletes a user's MFA factors; the sign-in it raised falls back to aal1", async () => {
    const { client, userId } = await signedInClient(backend);
    const enrolled = await client.auth.mfa.enroll({ factorType: 'totp' });
    const { id: factorId, totp } = enrolled.data as { id: string; totp: { secret: string } };
    const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(totp.secret, Date.now() / 1000) });
    expect(verified.error).toBeNull();
    const listed = await admin().mfa.listFactors({ userId });
    expect(listed.data?.factors).toEqual([expect.objectContaining({ id: factorId, factor_type: 'totp', status: 'verified' })]);
    const deleted = await admin().mfa.deleteFactor({ userId, id: factorId });
    expect(deleted.error).toBeNull();
    expect(deleted.data).toMatchObject({ data: { id: factorId, factor_type: 'totp' } });
    expect((await admin().mfa.listFactors({ userId })).data?.factors).toEqual([]);
    await client.auth.refreshSession();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.currentLevel).toBe('aal1');
    const again = await admin().mfa.deleteFactor({ userId, id: factorId });
    expect(again.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found', message: 'Factor not found' });
  });

  it.skipIf(engine.skip)('generates links without mailing them: each verifies as the mailed one would', async () => {
    const email = uniqueEmail('linked');
    const redirectTo = 'http://localhost:4321/welcome';
    const signup = await admin().generateLink({ type: 'signup', email, password: PASSWORD, options: { data: { status: 'alpha' }, redirectTo } });
    expect(signup.error).toBeNull();
    expect(signup.data.user).toMatchObject({ email, user_metadata: { status: 'alpha' } });
    expect(signup.data.properties).toMatchObject({ verification_type: 'signup', redirect_to: redirectTo });
    expect(signup.data.properties!.action_link).toBe(`${backend.apiUrl}/auth/v1/verify?token=${signup.data.properties!.hashed_token}&type=signup&redirect_to=${redirectTo}`);
    expect(await mailsTo(backend.inboxUrl!, email)).toEqual([]);
    const opened = await openLink(signup.data.properties!.action_link);
    expect(opened.status).toBe(303);
    expect(opened.fragment.get('access_token')).toBeTruthy();

    // A target GoTrue would not allow falls back to site_url.
    const recovery = await admin().generateLink({ type: 'recovery', email, options: { redirectTo: 'https://elsewhere.example/' } });
    expect(recovery.data.properties!.redirect_to).toBe('http://127.0.0.1:4321');
    const verified = await clientFor(backend).auth.verifyOtp({ email, token: recovery.data.properties!.email_otp, type: 'recovery' });
    expect(verified.error).toBeNull();

    const magic = await admin().generateLink({ type: 'magiclink', email: uniqueEmail('magic') });
    expect(magic.data.properties!.verification_type).toBe('signup');

    const newEmail = uniqueEmail('changed');
    const change = await admin().generateLink({ type: 'email_change_current', email, newEmail });
    expect(change.data.user!.new_email).toBe(newEmail);
    expect(change.data.properties!.action_link).toMatch(/type=email_change&/);

    const cases = [
      [{ type: 'recovery', email: uniqueEmail('nobody') }, 404, 'user_not_found', 'User with this email not found'],
      [{ type: 'signup', email: 'xx:;x@x.x', password: PASSWORD }, 400, 'validation_failed', 'Unable to validate email address: invalid format'],
      [{ type: 'signup', email, password: PASSWORD }, 422, 'email_exists', 'A user with this email address has already been registered'],
    ] as const;
    for (const [params, status, code, message] of cases) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const { data, error } = await admin().generateLink(params as any);
      expect(error, message).toMatchObject({ status, code, message });
      expect(data.user).toBeNull();
    }
  });

  it.skipIf(engine.skip)('invites by mail: the link signs the new user in; a confirmed address is refused', async () => {
    const email = uniqueEmail('invited');
    const invited = await admin().inviteUserByEmail(email, { data: { team: 'red' }, redirectTo: 'http://localhost:4321/welcome' });
    expect(invited.error).toBeNull();
    expect(invited.data.user).toMatchObject({ email, user_metadata: { team: 'red' } });
    expect(invited.data.user!.invited_at).toBeTruthy();
    const mail = await latestMailTo(backend.inboxUrl!, email);
    expect(mail.Subject).toBe("You've been invited");
    const opened = await openLink(linkIn(mail));
    expect(opened.location.origin + opened.location.pathname).toBe('http://localhost:4321/welcome');
    expect(opened.fragment.get('type')).toBe('invite');
    expect(opened.fragment.get('access_token')).toBeTruthy();

    const again = await admin().inviteUserByEmail(email);
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
    const bad = await admin().inviteUserByEmail('xx:;x@x.x');
    expect(bad.error).toMatchObject({ status: 400, message: 'Unable to validate email address: invalid format' });
  });

  it.skipIf(engine.skip)('answers the OAuth client registry as GoTrue with its OAuth server off', async () => {
    const { error } = await admin().oauth.listClients();
    expect(error).toMatchObject({ status: 404, code: 'feature_disabled', message: 'OAuth server is disabled' });
  });
});
