/**
 * The sign-up of production in dev: confirmations on (as config.toml has
 * them), the toast asks the visitor to check the email, the mail waits in
 * the backend's inbox (read over Mailpit's API), and its link signs the
 * visitor in on the site's origin (the sign-up's redirect target); from
 * there /admin shows an account without the admin role Access Denied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMailTo, linkIn } from '../../../integration/backend/testInbox.ts';
import { expectToast, finish, hydrated, open, rows, setup, signUpOnAuthPage, uniqueEmail, type Env } from './helpers.ts';

let env: Env;
beforeAll(async () => {
  env = await setup({ backend: { enableConfirmations: true } });
});
afterAll(async () => {
  await env?.close();
});

describe('sign-up with confirmations on', () => {
  it('says to check the email; the inbox holds the link; the link signs in on the site, whose /admin then says Access Denied without the admin role', async () => {
    const s = await open(env);
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
    await finish(s);
  });
});
