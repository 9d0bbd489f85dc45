/**
 * /admin after `site admin grant`: the backend keeps its data in a temporary
 * data dir, so adminGrant (generator/backend/commands.ts) finds it running
 * through its lock (backend.lock) and asks it over HTTP, exactly as the CLI does. The
 * list is newest first, messages render as text, and every view writes an
 * audit row.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminGrant } from '../../../generator/backend/commands.ts';
import { expectToast, finish, hydrated, open, PASSWORD, rows, setup, uniqueEmail, type Env } from './helpers.ts';

let env: Env;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-e2e-admin-'));
  env = await setup({ backend: { dataDir } });
});
afterAll(async () => {
  await env?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const XSS = '<script>alert(1)</script> and <img src="/x.png" onerror="alert(2)">';
const audit = () =>
  rows(env.backend!, 'select actor_email, action, resource_type, resource_id from public.admin_audit_log order by created_at');

async function sendContact(page: Page, name: string, email: string, message: string) {
  await page.locator('footer').getByRole('button', { name: 'Contact', exact: true }).click();
  await page.fill('#contact-name', name);
  await page.fill('#contact-email', email);
  await page.fill('#contact-message', message);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expectToast(page, 'Message sent!', "We'll get back to you as soon as possible.");
}

describe('admin dashboard', () => {
  it('after `site admin grant` lists submissions newest first as text, with the total and an audit row per view', async () => {
    const s = await open(env);
    const { page } = s;
    const email = uniqueEmail('owner');

    // Sign up on /auth (confirmations are off in config.toml): straight to /admin, not an admin yet.
    await page.goto(env.url('/auth'));
    await hydrated(page, 'AuthForm');
    await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await page.fill('#auth-email', email);
    await page.fill('#auth-password', PASSWORD);
    await page.locator('#auth-root').getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL(env.url('/admin'));
    await expectToast(page, 'Account created!', 'Please check your email to confirm your account.');
    await page.locator('.admin-denied').waitFor();
    expect(await audit()).toEqual([]);

    // `site admin grant <email>` while the backend runs.
    expect(await adminGrant(email, { dataDir })).toMatchObject({ email, admin: true, changed: true });

    await page.reload();
    const list = page.locator('.admin-list');
    await list.waitFor();
    expect(await list.locator('h2').textContent()).toBe('Contact submissions');
    expect(await list.locator('.admin-total').textContent()).toBe('Total submissions: 0');
    expect(await list.textContent()).toContain('No contact submissions yet.');
    expect(await page.locator('header').getByRole('link', { name: 'Admin', exact: true }).isVisible()).toBe(true);
    const viewRow = { actor_email: email, action: 'view_contact_submissions', resource_type: 'contact_submissions', resource_id: null };
    await expect.poll(audit).toEqual([viewRow]);

    // Two older messages in the database, and the newest sent through the dialog on this very page.
    await env.backend!.db.query(
      `insert into public.contact_submissions (name, email, company, message, created_at) values
         ('Oldest', 'oldest@example.com', 'Acme', 'First message', now() - interval '2 hours'),
         ('Middle', 'middle@example.com', null, 'Second message', now() - interval '1 hour')`,
    );
    await sendContact(page, 'Mallory', 'mallory@example.com', XSS);

    await page.reload();
    await list.waitFor();
    expect(await list.locator('.admin-total').textContent()).toBe('Total submissions: 3');
    const items = list.locator('li.submission');
    expect(await items.count()).toBe(3);
    expect(await items.locator('dd:nth-of-type(1)').allTextContents()).toEqual(['Mallory', 'Middle', 'Oldest']);
    expect(await items.locator('.submission-message').allTextContents()).toEqual([XSS, 'Second message', 'First message']);
    expect(await items.nth(0).locator('a[href="mailto:mallory@example.com"]').count()).toBe(1);
    expect(await items.nth(2).locator('dd:nth-of-type(3)').textContent()).toBe('Acme');
    expect(await items.nth(1).locator('dd:nth-of-type(3)').textContent()).toBe('—');
    // Rendered as text: no element came out of the message, and no alert fired (open() fails the test on any dialog).
    expect(await list.locator('script, img').count()).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('main script').length)).toBe(0);
    await expect.poll(audit).toEqual([viewRow, viewRow]);
    await finish(s);
  });
});
