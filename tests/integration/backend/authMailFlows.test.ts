// Every mailed auth flow end to end through the real supabase-js, reading
// the mail from the backend's inbox over HTTP (Mailpit's API): magic link
// and code, password recovery, email change confirmed from both addresses,
// resend, reauthentication nonce; used and expired links and codes.
// The project's config.toml (confirmations on), with templates that show
// the code and max_frequency 0s so one address may get mails back to back.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor, uniqueEmail } from './testClients.ts';
import { codeIn, latestMailTo, linkIn, mailsTo, openLink } from './testInbox.ts';

const PASSWORD = 'correct horse';
const SITE = 'http://localhost:4321';
let project: string;
let backend: RunningBackend;

/** A template showing everything GoTrue hands it, the code after "Code: ". */
const TEMPLATE = `<h2>{{ .Email }}</h2><p>Code: {{ .Token }}</p><p><a href="{{ .ConfirmationURL }}">Open</a></p>
<p>new={{ .NewEmail }} site={{ .SiteURL }} to={{ .RedirectTo }} hash={{ .TokenHash }} name={{ .Data.name }}</p>`;

beforeAll(async () => {
  project = mkdtempSync(path.join(os.tmpdir(), 'site-auth-mail-'));
  const supabase = path.join(project, 'supabase');
  mkdirSync(path.join(supabase, 'templates'), { recursive: true });
  let config = readFileSync('supabase/config.toml', 'utf8').replace('max_frequency = "1s"', 'max_frequency = "0s"');
  expect(config).toMatch(/^enable_confirmations = true$/m);
  for (const kind of ['confirmation', 'magic_link', 'recovery', 'email_change']) {
    writeFileSync(path.join(supabase, 'templates', `${kind}.html`), TEMPLATE);
    config += `\n[auth.email.template.${kind}]\nsubject = "${kind} for {{ .Email }}"\ncontent_path = "./supabase/templates/${kind}.html"\n`;
  }
  writeFileSync(path.join(supabase, 'config.toml'), config);
  symlinkSync(path.resolve('supabase/migrations'), path.join(supabase, 'migrations'));
  backend = await startTestBackend({ supabaseDir: supabase, enableConfirmations: true });
});
afterAll(async () => {
  await backend?.close();
  rmSync(project, { recursive: true, force: true });
});

const inbox = () => backend.inboxUrl!;

/** A confirmed account (sign-up, then its mailed link); returns its address. */
async function confirmedAccount(prefix = 'user'): Promise<string> {
  const email = uniqueEmail(prefix);
  expect((await clientFor(backend).auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  expect((await openLink(linkIn(await latestMailTo(inbox(), email)))).fragment.get('access_token')).toBeTruthy();
  return email;
}

/** Moves the sent-at times of an address back, as if its mails were older than otp_expiry (3600 s). */
const age = (email: string) =>
  backend.db.query(
    `update auth.users set confirmation_sent_at = confirmation_sent_at - interval '2 hours', recovery_sent_at = recovery_sent_at - interval '2 hours',
            email_change_sent_at = email_change_sent_at - interval '2 hours', reauthentication_sent_at = reauthentication_sent_at - interval '2 hours'
      where email = $1`,
    [email],
  );

describe('sign-up confirmation', () => {
  it('mails the confirmation from config.toml\'s template; its link signs in on the redirect target, once', async () => {
    const email = uniqueEmail('signup');
    const signUp = await clientFor(backend).auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${SITE}/admin`, data: { name: '<Ada>' } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    const mail = await latestMailTo(inbox(), email);
    expect(mail.Subject).toBe(`confirmation for ${email}`);
    expect(mail.From).toEqual({ Name: 'Admin', Address: 'admin@email.com' });
    expect(mail.HTML).toContain('name=&lt;Ada&gt;');
    expect(mail.HTML).toContain(`to=${SITE}/admin`);
    const link = linkIn(mail);
    expect(link).toBe(`${backend.apiUrl}/auth/v1/verify?token=${/hash=([0-9a-f]{56})/.exec(mail.HTML)![1]}&type=signup&redirect_to=${SITE}/admin`);
    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(`${opened.location.origin}${opened.location.pathname}`).toBe(`${SITE}/admin`);
    expect([...opened.fragment.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']);
    expect(opened.fragment.get('type')).toBe('signup');
    const again = await openLink(link);
    expect(Object.fromEntries(again.fragment)).toEqual({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired', sb: '' });
  });

  it('confirms with the mailed code too (verifyOtp type signup), and POST /resend sends a new code that replaces the old one', async () => {
    const email = uniqueEmail('code');
    await clientFor(backend).auth.signUp({ email, password: PASSWORD });
    const first = codeIn(await latestMailTo(inbox(), email));
    expect((await clientFor(backend).auth.resend({ type: 'signup', email })).error).toBeNull();
    const second = await latestMailTo(inbox(), email, 2);
    expect((await mailsTo(inbox(), email)).map((m) => m.Subject)).toEqual([`confirmation for ${email}`, `confirmation for ${email}`]);
    if (codeIn(second) !== first) {
      const stale = await clientFor(backend).auth.verifyOtp({ email, token: first, type: 'signup' });
      expect(stale.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
    }
    const verified = await clientFor(backend).auth.verifyOtp({ email, token: codeIn(second), type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    // Nothing left to resend: 200 and no mail; an unknown address alike.
    expect((await clientFor(backend).auth.resend({ type: 'signup', email })).error).toBeNull();
    expect((await clientFor(backend).auth.resend({ type: 'signup', email: uniqueEmail('nobody') })).error).toBeNull();
    expect(await mailsTo(inbox(), email)).toHaveLength(2);
    const bad = await clientFor(backend).auth.resend({ type: 'magiclink' as 'signup', email });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Missing one of these types: signup, email_change, sms, phone_change' });
  });
});

describe('magic link (POST /otp)', () => {
  it('signs a confirmed user in by link (type magiclink) and by code (verifyOtp type email); each works once', async () => {
    const email = await confirmedAccount('magic');
    expect((await clientFor(backend).auth.signInWithOtp({ email, options: { emailRedirectTo: `${SITE}/admin` } })).error).toBeNull();
    const mail = await latestMailTo(inbox(), email, 2);
    expect(mail.Subject).toBe(`magic_link for ${email}`);
    const opened = await openLink(linkIn(mail));
    expect(opened.fragment.get('type')).toBe('magiclink');
    expect(opened.location.href.split('#')[0]).toBe(`${SITE}/admin`);
    const client = clientFor(backend);
    const set = await client.auth.setSession({ access_token: opened.fragment.get('access_token')!, refresh_token: opened.fragment.get('refresh_token')! });
    expect(set.data.user?.email).toBe(email);
    expect((await openLink(linkIn(mail))).fragment.get('error_code')).toBe('otp_expired');

    await clientFor(backend).auth.signInWithOtp({ email });
    const code = codeIn(await latestMailTo(inbox(), email, 3));
    expect(code).toMatch(/^\d{6}$/);
    const byCode = await clientFor(backend).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(byCode.error).toBeNull();
    expect(byCode.data.session?.access_token).toBeTruthy();
    const reused = await clientFor(backend).auth.verifyOtp({ email, token: code, type: 'email' });
    expect(reused.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
  });

  it('signs up an unknown address with `data` (the mail is the confirmation); create_user false refuses it: 422 otp_disabled', async () => {
    const email = uniqueEmail('new');
    expect((await clientFor(backend).auth.signInWithOtp({ email, options: { data: { name: 'Grace' } } })).error).toBeNull();
    const mail = await latestMailTo(inbox(), email);
    expect(mail.Subject).toBe(`confirmation for ${email}`);
    expect(mail.Text).toContain('name=Grace');
    const verified = await clientFor(backend).auth.verifyOtp({ token_hash: /hash=([0-9a-f]+)/.exec(mail.Text)![1], type: 'email' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.user_metadata).toMatchObject({ name: 'Grace' });

    const refused = await clientFor(backend).auth.signInWithOtp({ email: uniqueEmail('unknown'), options: { shouldCreateUser: false } });
    expect(refused.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' });
    const invalid = await clientFor(backend).auth.signInWithOtp({ email: 'not-an-address' });
    expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
  });

  it('refuses an expired link and an expired code (older than otp_expiry): 403 otp_expired', async () => {
    const email = await confirmedAccount('expired');
    await clientFor(backend).auth.signInWithOtp({ email });
    const mail = await latestMailTo(inbox(), email, 2);
    await age(email);
    expect(Object.fromEntries((await openLink(linkIn(mail))).fragment)).toMatchObject({ error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' });
    const code = await clientFor(backend).auth.verifyOtp({ email, token: codeIn(mail), type: 'magiclink' });
    expect(code.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' });
  });
});

describe('password recovery (POST /recover)', () => {
  it('mails a reset link that signs in (type recovery); updateUser sets the new password; an unknown address gets the same 200 and no mail', async () => {
    const email = await confirmedAccount('reset');
    const reset = await clientFor(backend).auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/auth` });
    expect(reset).toEqual({ data: {}, error: null });
    const mail = await latestMailTo(inbox(), email, 2);
    expect(mail.Subject).toBe(`recovery for ${email}`);
    const opened = await openLink(linkIn(mail));
    expect(opened.fragment.get('type')).toBe('recovery');
    const client = clientFor(backend);
    await client.auth.setSession({ access_token: opened.fragment.get('access_token')!, refresh_token: opened.fragment.get('refresh_token')! });
    const same = await client.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password', message: 'New password should be different from the old password.' });
    expect((await client.auth.updateUser({ password: 'a new password' })).error).toBeNull();
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: 'a new password' })).error).toBeNull();
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' });

    const nobody = uniqueEmail('nobody');
    const unknown = await fetch(`${backend.apiUrl}/auth/v1/recover`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: nobody }),
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({});
    expect(await mailsTo(inbox(), nobody)).toEqual([]);
  });
});

describe('email change (PUT /user)', () => {
  it('needs both addresses to confirm (double_confirm_changes): the first link answers "Confirmation link accepted", the second code changes the email', async () => {
    const email = await confirmedAccount('old');
    const client = clientFor(backend);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const next = uniqueEmail('new');
    const update = await client.auth.updateUser({ email: next }, { emailRedirectTo: `${SITE}/admin` });
    expect(update.error).toBeNull();
    expect(update.data.user).toMatchObject({ email, new_email: next });
    expect(update.data.user?.email_change_sent_at).toBeTruthy();
    const toNew = await latestMailTo(inbox(), next);
    const toOld = await latestMailTo(inbox(), email, 2);
    expect(toNew.Subject).toBe(`email_change for ${email}`);
    expect(toNew.Text).toContain(`new=${next}`);
    expect(toOld.Subject).toBe(`email_change for ${email}`);

    const first = await openLink(linkIn(toOld));
    expect(first.location.href.split('#')[0]).toBe(`${SITE}/admin`);
    expect(Object.fromEntries(first.fragment)).toEqual({ message: 'Confirmation link accepted. Please proceed to confirm link sent to the other email', sb: '' });
    expect((await client.auth.getUser()).data.user?.email).toBe(email);

    const second = await clientFor(backend).auth.verifyOtp({ email: next, token: codeIn(toNew), type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
    expect(second.data.user?.new_email).toBeUndefined();
    expect((await clientFor(backend).auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull();
    expect((await clientFor(backend).auth.signInWithPassword({ email, password: PASSWORD })).error).toMatchObject({ code: 'invalid_credentials' });
  });

  it('resends the links of a pending change (POST /resend type email_change); only the newest work; a taken address is 422 email_exists', async () => {
    const email = await confirmedAccount('pending');
    const client = clientFor(backend);
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const next = uniqueEmail('wanted');
    await client.auth.updateUser({ email: next });
    const stale = await latestMailTo(inbox(), next);
    expect((await clientFor(backend).auth.resend({ type: 'email_change', email })).error).toBeNull();
    const fresh = await latestMailTo(inbox(), next, 2);
    expect((await openLink(linkIn(stale))).fragment.get('error_code')).toBe('otp_expired');
    const byPost = await clientFor(backend).auth.verifyOtp({ token_hash: /hash=([0-9a-f]+)/.exec(fresh.Text)![1], type: 'email_change' });
    expect(byPost.error).toBeNull();
    expect(byPost.data).toMatchObject({ user: null, session: null });

    const taken = await confirmedAccount('taken');
    const clash = await client.auth.updateUser({ email: taken });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists', message: 'A user with this email address has already been registered' });
  });
});
