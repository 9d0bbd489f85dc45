/**
 * Sign-up, confirmation, sign-in and the non-admin view of /admin, against a
 * backend with [auth.email] enable_confirmations on (the confirmation link
 * is read from its log); then the signed-in navigation, sign-out and the two
 * redirects between /auth and /admin. And the sign-up of production in dev: the mail waits in the
 * backend's inbox (read over Mailpit's API), and its link signs the visitor in on the site's origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { latestMailTo, linkIn } from '../../../integration/backend/testInbox.ts';
import { expectClean, expectToast, holdRequests, hydrated, open, PASSWORD, revisit, rows, setup, signUpOnAuthPage, uniqueEmail, type Env, type Session } from './helpers.ts';

const log: string[] = [];
/** Confirmations on, as config.toml has them: the link is both printed in the log and mailed to the inbox. */
let env: Env;
/** The file's one page; each test (and each new visitor in one) starts from revisit, as a fresh context would. */
let s: Session;
beforeAll(async () => {
  env = await setup({ backend: { enableConfirmations: true, log: (l) => log.push(l) } });
  s = await open(env);
});
afterAll(async () => {
  await env?.close();
});

/** The confirmation link the backend printed for this address. */
function confirmationLink(email: string): string {
  const line = log.find((l) => l.startsWith(`Confirm the sign-up of ${email}: `));
  if (!line) throw new Error(`no confirmation link for ${email} in ${JSON.stringify(log)}`);
  return line.slice(line.indexOf(': ') + 2);
}

/** A confirmed account, made through the HTTP API (sign-up, then the link). */
async function confirmedAccount(): Promise<string> {
  const email = uniqueEmail('member');
  const { apiUrl, anonKey } = env.backend!;
  const res = await fetch(`${apiUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  expect((await fetch(confirmationLink(email), { redirect: 'manual' })).status).toBe(303);
  return email;
}

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto(env.url('/auth'));
  await hydrated(page, 'AuthForm');
  await page.fill('#auth-email', email);
  await page.fill('#auth-password', password);
  await page.locator('#auth-root').getByRole('button', { name: 'Sign In', exact: true }).click();
}

const navAdmin = (page: Page) => page.locator('header').getByRole('link', { name: 'Admin', exact: true });
const navSignOut = (page: Page) => page.locator('header').getByRole('button', { name: 'Sign Out', exact: true });
const sessionStored = (page: Page) => page.evaluate(() => localStorage.getItem('sb-site-auth-token') !== null);
const badRequest = /status of 400 \(Bad Request\)/;

describe('auth', () => {
  it('signs up, confirms by link, signs in ("Loading...", "Welcome back!") and sees Access Denied without the admin role', async () => {
    await revisit(env, s);
    const { page } = s;
    const email = uniqueEmail('signup');
    await page.goto(env.url('/auth'));
    await hydrated(page, 'AuthForm');
    expect(await page.locator('#auth-root h2').textContent()).toBe('Sign In');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    expect(await page.locator('#auth-root h2').textContent()).toBe('Create an account');
    await page.fill('#auth-email', email);
    await page.fill('#auth-password', PASSWORD);
    await page.locator('#auth-root').getByRole('button', { name: 'Sign Up', exact: true }).click();
    await expectToast(page, 'Account created!', 'Please check your email to confirm your account.');
    expect(page.url()).toBe(env.url('/auth'));
    expect(await sessionStored(page)).toBe(false);

    // Not confirmed yet: the server's message.
    await signIn(page, email);
    await expectToast(page, 'Error', 'Email not confirmed', 'destructive');

    // The link confirms the address and sends the visitor back to the site (the origin it signed up from).
    const link = confirmationLink(email);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(new URL(env.url('/')).origin);
    await page.goto(link);
    expect(page.url().split('#')[0]).toBe(env.url('/'));
    expect(await rows(env.backend!, 'select 1 from auth.users where email = $1 and email_confirmed_at is not null', [email])).toHaveLength(1);
    // The link carries the session: the site adopts it, clears the tokens from the URL and shows the signed-in nav.
    await expect.poll(() => sessionStored(page)).toBe(true);
    await expect.poll(() => page.url()).toBe(env.url('/'));
    const signOut = page.locator('header [data-sign-out]');
    await expect.poll(() => signOut.isVisible()).toBe(true);
    await signOut.click();
    await page.waitForURL(env.url('/'));
    await expect.poll(() => sessionStored(page)).toBe(false);

    // A wrong password: "Error" with the server's message, still on /auth.
    await signIn(page, email, 'wrong password');
    await expectToast(page, 'Error', 'Invalid login credentials', 'destructive');
    expect(page.url()).toBe(env.url('/auth'));

    // The right one: "Loading..." while the request is held, then /admin.
    const held = await holdRequests(page, `${env.backend!.apiUrl}/auth/v1/token*`, 'POST');
    await signIn(page, email);
    await held.seen;
    const submit = page.locator('#auth-root button[type=submit]');
    await expect.poll(() => submit.textContent()).toBe('Loading...');
    expect(await submit.isDisabled()).toBe(true);
    held.release();
    await page.waitForURL(env.url('/admin'));
    await expectToast(page, 'Welcome back!', "You've successfully signed in.");
    const denied = page.locator('.admin-denied');
    await denied.waitFor();
    expect(await denied.locator('h2').textContent()).toBe('Access Denied');
    expect(await denied.locator('p').first().textContent()).toBe("You don't have permission to access this page.");
    await expectToast(page, 'Access Denied', "You don't have admin privileges.", 'destructive');
    expect(await denied.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(await page.locator('.admin-list').count()).toBe(0);

    // Its Sign Out ends the session and lands on "/".
    await denied.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(env.url('/'));
    expect(await sessionStored(page)).toBe(false);
    expectClean(s, [badRequest]);
  });

  it('signed in, every page shows Admin and Sign Out; Sign Out returns to "/" with both hidden and the session ended', async () => {
    const email = await confirmedAccount();
    await revisit(env, s);
    const { page } = s;
    await page.goto(env.url('/pricing'));
    await hydrated(page, 'NavSession');
    expect(await navAdmin(page).isVisible()).toBe(false);
    expect(await navSignOut(page).isVisible()).toBe(false);

    await signIn(page, email);
    await page.waitForURL(env.url('/admin'));
    for (const path of ['/admin', '/', '/pricing', '/blog', '/blog/canva-vs-google-slides', '/waitlist', '/no-such-page']) {
      if (path !== '/admin') await page.goto(env.url(path));
      await hydrated(page, 'NavSession');
      expect(await navAdmin(page).isVisible(), path).toBe(true);
      expect(await navAdmin(page).getAttribute('href')).toBe('/admin');
      expect(await navSignOut(page).isVisible(), path).toBe(true);
    }
    const [{ user_id }] = await rows<{ user_id: string }>(env.backend!, 'select s.user_id from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1', [email]);

    await page.goto(env.url('/enterprise'));
    await hydrated(page, 'NavSession');
    await navSignOut(page).click();
    await page.waitForURL(env.url('/'));
    await hydrated(page, 'NavSession');
    expect(await navAdmin(page).isVisible()).toBe(false);
    expect(await navSignOut(page).isVisible()).toBe(false);
    expect(await sessionStored(page)).toBe(false);
    expect(await rows(env.backend!, 'select 1 from auth.sessions where user_id = $1', [user_id])).toEqual([]);
    // The 404 page's own status is reported by the browser.
    expectClean(s, [/status of 404 \(Not Found\)/]);
  });

  it('sends a visitor without a session from /admin to /auth, and a signed-in one from /auth to /admin', async () => {
    const email = await confirmedAccount();
    await revisit(env, s);
    const { page } = s;
    await page.goto(env.url('/admin'));
    await page.waitForURL(env.url('/auth'));
    await hydrated(page, 'AuthForm');
    expect(await page.locator('.admin-denied, .admin-list').count()).toBe(0);

    await signIn(page, email);
    await page.waitForURL(env.url('/admin'));
    await page.locator('.admin-denied').waitFor();
    await page.goto(env.url('/auth'));
    await page.waitForURL(env.url('/admin'));
    await page.locator('.admin-denied').waitFor();
    expectClean(s);
  });
});

describe('sign-up with confirmations on', () => {
  it('says to check the email; the inbox holds the link; the link signs in on the site, whose /admin then says Access Denied without the admin role', async () => {
    await revisit(env, s);
    const { page } = s;
    const email = uniqueEmail('inbox');
    await signUpOnAuthPage(env, page, email);
    await expectToast(page, 'Account created!', 'Please check your email to confirm your account.');
    expect(page.url()).toBe(env.url('/auth'));
    expect(await page.evaluate(() => localStorage.getItem('sb-site-auth-token'))).toBeNull();

    const mail = await latestMailTo(env.backend!.inboxUrl!, email);
    expect(mail.Subject).toBe('Confirm your email address');
    expect(mail.Text).toContain('Follow the link below to confirm this email address and finish signing up.');
    const link = linkIn(mail);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(new URL(env.url('/')).origin);

    await page.goto(link);
    await hydrated(page, 'NavSession');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sb-site-auth-token') !== null)).toBe(true);
    // The tokens leave the address bar; the visitor is on the home page, signed in.
    await expect.poll(() => page.url()).toBe(env.url('/'));
    const admin = page.locator('header').getByRole('link', { name: 'Admin', exact: true });
    await expect.poll(() => admin.isVisible()).toBe(true);
    await admin.click();
    await page.waitForURL(env.url('/admin'));
    const denied = page.locator('.admin-denied');
    await denied.waitFor();
    expect(await denied.locator('h2').textContent()).toBe('Access Denied');
    await expectToast(page, 'Access Denied', "You don't have admin privileges.", 'destructive');
    expect(await page.locator('header').getByRole('button', { name: 'Sign Out', exact: true }).isVisible()).toBe(true);
    expect(await rows(env.backend!, 'select 1 from auth.users where email = $1 and email_confirmed_at is not null', [email])).toHaveLength(1);
    expectClean(s);
  });
});
