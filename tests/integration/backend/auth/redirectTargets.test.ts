// Where mailed links send people, at every door a redirect target comes in
// (sign-up, magic link, recovery, resend, email change, the link itself,
// PKCE, the redirect_to header, Referer), with the project's config.toml:
// site_url http://127.0.0.1:4321, additional_redirect_urls
// http://localhost:4321 and http://localhost:4321/**. A target GoTrue would
// refuse falls back to site_url; control characters never reach a Location.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend } from '../../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { clientFor, pkceClient, uniqueEmail } from '../testClients.ts';
import { latestMailTo, linkIn, mailsTo, openLink } from '../testInbox.ts';

const SITE_URL = 'http://127.0.0.1:4321';
const LISTED = 'http://localhost:4321/auth';
const STRANGER = 'http://localhost:9999/steal';
const PASSWORD = 'correct horse';

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startTestBackend({ enableConfirmations: true, additionalRedirectUrls: ['myapp://callback/**'] });
});
afterAll(() => backend?.close());

const inbox = () => backend.inboxUrl!;
const redirectOf = (link: string) => new URL(link).searchParams.get('redirect_to');
const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${backend.apiUrl}/auth/v1/${route}`, { method: 'POST', headers: { apikey: backend.anonKey, 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** An address whose sign-up is confirmed (in the table, without a mail), and whose sign-up mail is long past max_frequency. */
async function confirmed(prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  expect((await clientFor(backend).auth.signUp({ email, password: PASSWORD })).error).toBeNull();
  await backend.db.query(`update auth.users set email_confirmed_at = now(), confirmation_sent_at = now() - interval '1 hour' where email = $1`, [email]);
  return email;
}

describe('redirect_to of each request that mails a link', () => {
  it('sign-up: a listed target is kept, a localhost port of its own falls back to site_url', async () => {
    for (const [target, expected] of [
      [LISTED, LISTED],
      [STRANGER, SITE_URL],
      ['http://127.0.0.1:8080/cb', 'http://127.0.0.1:8080/cb'],
      ['https://localhost:4321/auth', SITE_URL],
      ['http://evil.localhost:4321/', SITE_URL],
      ['myapp://callback/done', 'myapp://callback/done'],
    ]) {
      const email = uniqueEmail('to');
      expect((await clientFor(backend).auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: target } })).error).toBeNull();
      expect([target, redirectOf(linkIn(await latestMailTo(inbox(), email)))]).toEqual([target, expected]);
    }
  });

  it('magic link, recovery, resend and email change fall back to site_url too', async () => {
    const otp = uniqueEmail('otp');
    expect((await clientFor(backend).auth.signInWithOtp({ email: otp, options: { emailRedirectTo: STRANGER } })).error).toBeNull();
    expect(redirectOf(linkIn(await latestMailTo(inbox(), otp)))).toBe(SITE_URL);

    const reset = await confirmed('reset');
    expect((await clientFor(backend).auth.resetPasswordForEmail(reset, { redirectTo: STRANGER })).error).toBeNull();
    expect(redirectOf(linkIn(await latestMailTo(inbox(), reset, 2)))).toBe(SITE_URL);

    const resend = uniqueEmail('resend');
    expect((await clientFor(backend).auth.signUp({ email: resend, password: PASSWORD, options: { emailRedirectTo: LISTED } })).error).toBeNull();
    await backend.db.query(`update auth.users set confirmation_sent_at = now() - interval '1 hour' where email = $1`, [resend]);
    expect((await clientFor(backend).auth.resend({ type: 'signup', email: resend, options: { emailRedirectTo: STRANGER } })).error).toBeNull();
    expect(redirectOf(linkIn(await latestMailTo(inbox(), resend, 2)))).toBe(SITE_URL);

    const mover = await confirmed('mover');
    const client = clientFor(backend);
    expect((await client.auth.signInWithPassword({ email: mover, password: PASSWORD })).error).toBeNull();
    const next = uniqueEmail('moved');
    expect((await client.auth.updateUser({ email: next }, { emailRedirectTo: STRANGER })).error).toBeNull();
    expect(redirectOf(linkIn(await latestMailTo(inbox(), next)))).toBe(SITE_URL);
  });

  it('reads the redirect_to header first, then the query, then Referer, as GoTrue\'s GetReferrer', async () => {
    const cases: [string, Record<string, string>, string][] = [
      [`otp?redirect_to=${encodeURIComponent(STRANGER)}`, { redirect_to: LISTED }, LISTED],
      ['otp', { referer: 'http://localhost:4321/page' }, 'http://localhost:4321/page'],
      ['otp', { referer: STRANGER }, SITE_URL],
      [`otp?redirect_to=${encodeURIComponent(STRANGER)}`, { referer: LISTED }, LISTED],
    ];
    for (const [route, headers, expected] of cases) {
      const email = uniqueEmail('header');
      expect((await post(route, { email }, headers)).status).toBe(200);
      expect([route, headers, redirectOf(linkIn(await latestMailTo(inbox(), email)))]).toEqual([route, headers, expected]);
    }
  });

  it('the link\'s own redirect_to is checked when it is followed, PKCE links too', async () => {
    const email = uniqueEmail('swap');
    expect((await clientFor(backend).auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: LISTED } })).error).toBeNull();
    const link = new URL(linkIn(await latestMailTo(inbox(), email)));
    link.searchParams.set('redirect_to', STRANGER);
    const opened = await openLink(link.href);
    expect(opened.status).toBe(303);
    expect(opened.location.href.split('#')[0]).toBe(`${SITE_URL}/`);
    expect(opened.fragment.get('access_token')).toBeTruthy();

    const pkce = uniqueEmail('pkce');
    expect((await pkceClient(backend).auth.signUp({ email: pkce, password: PASSWORD, options: { emailRedirectTo: STRANGER } })).error).toBeNull();
    const pkceLink = linkIn(await latestMailTo(inbox(), pkce));
    expect(redirectOf(pkceLink)).toBe(SITE_URL);
    const code = await openLink(pkceLink);
    expect(`${code.location.origin}${code.location.pathname}`).toBe(`${SITE_URL}/`);
    expect(code.location.searchParams.get('code')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('control characters and other unusual targets', () => {
  it('a CR/LF in the redirect_to of POST /otp falls back to site_url; the mailed link signs in, once', async () => {
    const email = uniqueEmail('crlf');
    const response = await post(`otp?redirect_to=${encodeURIComponent(`${LISTED}\r\nSet-Cookie: stolen=1`)}`, { email });
    expect(response.status).toBe(200);
    const link = linkIn(await latestMailTo(inbox(), email));
    expect(redirectOf(link)).toBe(SITE_URL);
    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(opened.location.href.split('#')[0]).toBe(`${SITE_URL}/`);
    expect(opened.fragment.get('type')).toBe('signup');
    expect(opened.fragment.get('access_token')).toBeTruthy();
    expect((await openLink(link)).fragment.get('error_code')).toBe('otp_expired');
  });

  it('a link opened with a CR/LF, tab or NUL in its redirect_to goes to site_url, never answering 5xx', async () => {
    for (const bad of ['\r\nSet-Cookie: stolen=1', '\n', '\t', '\0', '\x7f']) {
      const email = uniqueEmail('ctl');
      expect((await post('otp', { email })).status).toBe(200);
      const link = new URL(linkIn(await latestMailTo(inbox(), email)));
      link.searchParams.set('redirect_to', `${LISTED}${bad}`);
      const response = await fetch(link, { redirect: 'manual' });
      expect([JSON.stringify(bad), response.status]).toEqual([JSON.stringify(bad), 303]);
      const location = response.headers.get('location')!;
      expect(location.startsWith(`${SITE_URL}#access_token=`)).toBe(true);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('a listed target with characters outside Latin-1 is percent-encoded in the Location, and the link signs in', async () => {
    const email = uniqueEmail('unicode');
    const target = `${LISTED}/✓ ok`;
    expect((await post(`otp?redirect_to=${encodeURIComponent(target)}`, { email })).status).toBe(200);
    const link = linkIn(await latestMailTo(inbox(), email));
    expect(redirectOf(link)).toBe(target);
    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(opened.location.href.split('#')[0]).toBe(`${LISTED}/%E2%9C%93%20ok`);
    expect(opened.fragment.get('access_token')).toBeTruthy();
    expect(await mailsTo(inbox(), email)).toHaveLength(1);
  });
});
