/**
 * The two forms that store what a visitor sends, against one embedded backend (each describe empties its
 * tables first):
 *
 * The contact dialog: opened from the footer,
 * an enterprise button and the pricing Enterprise card; a send stores a row
 * (company null when empty), toasts, closes and resets; validation stops an
 * empty send; with the backend unreachable both forms keep what was typed.
 *
 * The waitlist form: the submitting state
 * (request held back), the position (row count + 64), the confirmation view
 * and its toast, then the same address in another case: "Already registered".
 * The confirmation takes focus and shows in full below the sticky header.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  dialogOpen,
  expectClean,
  expectToast,
  holdRequests,
  hydrated,
  open,
  revisit,
  rows,
  setup,
  toastTitles,
  truncate,
  uniqueEmail,
  type Env,
  type Session,
} from './helpers.ts';

let env: Env;
/** The file's one page; each test (and each new visitor in one) starts from revisit, as a fresh context would. */
let s: Session;
beforeAll(async () => {
  env = await setup();
  s = await open(env);
});
afterAll(async () => {
  await env?.close();
});

type Row = { name: string; email: string; company: string | null; message: string };
const submissions = () => rows<Row>(env.backend!, 'select name, email, company, message from public.contact_submissions order by created_at');
const values = (page: Page) =>
  page.$$eval('#contact-root input, #contact-root textarea', (els) => els.map((e) => (e as HTMLInputElement).value));

async function fillContact(page: Page, v: { name: string; email: string; company?: string; message: string }) {
  await page.fill('#contact-name', v.name);
  await page.fill('#contact-email', v.email);
  if (v.company !== undefined) await page.fill('#contact-company', v.company);
  await page.fill('#contact-message', v.message);
}

describe('contact dialog', () => {
  beforeEach(async () => {
    await truncate(env.backend!, 'contact_submissions', 'waitlist');
  });

  it('sends from the footer: toast, closes, resets, stores the trimmed row with company null; enterprise and pricing buttons open it too', async () => {
    await revisit(env, s);
    const { page } = s;
    await page.goto(env.url('/'));
    await page.locator('footer').getByRole('button', { name: 'Contact', exact: true }).click();
    expect(await dialogOpen(page, 'contact-dialog')).toBe(true);
    const email = uniqueEmail('footer');
    await fillContact(page, { name: '  Ada Lovelace  ', email, message: 'We would like a demo for 40 seats.' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Message sent!', "We'll get back to you as soon as possible.");
    await page.waitForFunction(() => !(document.getElementById('contact-dialog') as HTMLDialogElement).open);
    expect(await values(page)).toEqual(['', '', '', '']);
    expect(await page.locator('#contact-root .field-error').count()).toBe(0);
    expect(await submissions()).toEqual([{ name: 'Ada Lovelace', email, company: null, message: 'We would like a demo for 40 seats.' }]);

    // Enterprise: "Schedule a Demo" opens the same dialog.
    await page.goto(env.url('/enterprise'));
    await page.locator('main').getByRole('button', { name: 'Schedule a Demo' }).first().click();
    expect(await dialogOpen(page, 'contact-dialog')).toBe(true);
    await expect.poll(() => page.locator('#contact-name').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dialogOpen(page, 'contact-dialog')).toBe(false);

    // Pricing: the Enterprise card's "Contact Us" opens it, and a send with a company keeps it.
    await page.goto(env.url('/pricing'));
    await page.locator('main').getByRole('button', { name: 'Contact Us' }).click();
    expect(await dialogOpen(page, 'contact-dialog')).toBe(true);
    await fillContact(page, { name: 'Grace', email: 'grace@example.com', company: ' Acme Corp ', message: 'Enterprise pricing for 200 seats?' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Message sent!', "We'll get back to you as soon as possible.");
    await page.waitForFunction(() => !(document.getElementById('contact-dialog') as HTMLDialogElement).open);
    const stored = await submissions();
    expect(stored).toHaveLength(2);
    expect(stored[1]).toEqual({ name: 'Grace', email: 'grace@example.com', company: 'Acme Corp', message: 'Enterprise pricing for 200 seats?' });
    expectClean(s);
  });

  it('an empty send shows the three messages, focuses the name and stores nothing', async () => {
    await revisit(env, s);
    const { page } = s;
    let backendCalls = 0;
    page.on('request', (r) => {
      if (r.url().startsWith(env.backend!.apiUrl)) backendCalls += 1;
    });
    await page.goto(env.url('/'));
    await page.locator('footer').getByRole('button', { name: 'Contact', exact: true }).click();
    // The very first click wakes the island; the submit it caused is replayed after mounting.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('#contact-name-error').waitFor();
    expect(await page.locator('#contact-root .field-error').allTextContents()).toEqual([
      'Name is required',
      'Invalid email address',
      'Message is required',
    ]);
    expect(await page.getAttribute('#contact-name', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('#contact-name', 'aria-describedby')).toBe('contact-name-error');
    expect(await page.getAttribute('#contact-company', 'aria-invalid')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');
    expect(await dialogOpen(page, 'contact-dialog')).toBe(true);

    // Whitespace only is still empty (values are trimmed); an address without a dot is invalid.
    await fillContact(page, { name: '   ', email: 'ada@example', message: ' \n ' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => page.locator('#contact-root .field-error').allTextContents()).toEqual([
      'Name is required',
      'Invalid email address',
      'Message is required',
    ]);
    expect(await toastTitles(page)).toEqual([]);
    // The click that woke the island did not submit natively (no navigation, no values in the URL).
    expect(page.url()).toBe(env.url('/'));
    expect(backendCalls).toBe(0);
    expect(await submissions()).toEqual([]);
    await hydrated(page, 'ContactForm');
    expectClean(s);
  });

  it('with the backend unreachable: error toasts, and both forms keep what was typed', async () => {
    await revisit(env, s);
    const { page } = s;
    await page.route(`${env.backend!.apiUrl}/**`, (route) => route.abort('connectionrefused'));

    await page.goto(env.url('/'));
    await page.locator('footer').getByRole('button', { name: 'Contact', exact: true }).click();
    await fillContact(page, { name: 'Ada', email: 'ada@example.com', company: 'Acme', message: 'Hello there' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectToast(page, 'Error', 'Failed to send message. Please try again.', 'destructive');
    expect(await dialogOpen(page, 'contact-dialog')).toBe(true);
    expect(await values(page)).toEqual(['Ada', 'ada@example.com', 'Acme', 'Hello there']);
    expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);

    await page.goto(env.url('/waitlist'));
    await hydrated(page, 'WaitlistForm');
    await page.fill('#waitlist-name', 'Ada');
    await page.fill('#waitlist-email', 'ada@example.com');
    await page.fill('#waitlist-favorite', 'Fonts stay right');
    await page.fill('#waitlist-features', 'Charts');
    await page.check('#waitlist-feedback');
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expectToast(page, 'Error', 'Something went wrong. Please try again.', 'destructive');
    expect(await page.locator('.waitlist-success').count()).toBe(0);
    expect(
      await page.$$eval('#waitlist-root input:not([type=checkbox]), #waitlist-root textarea', (els) => els.map((e) => (e as HTMLInputElement).value)),
    ).toEqual(['Ada', 'ada@example.com', 'Fonts stay right', 'Charts']);
    expect(await page.isChecked('#waitlist-feedback')).toBe(true);
    expect(await page.isEnabled('#waitlist-name')).toBe(true);

    expect(await submissions()).toEqual([]);
    expect(await rows(env.backend!, 'select 1 from public.waitlist')).toEqual([]);
    // Expected errors: the browser reports the refused requests; the waitlist logs its failure (spec section 8).
    expectClean(s, [/Failed to load resource: net::ERR_CONNECTION_REFUSED/, /Waitlist signup failed/]);
  });
});

const EXISTING = 3;
const fields = ['#waitlist-name', '#waitlist-email', '#waitlist-favorite', '#waitlist-features', '#waitlist-feedback'];

async function fillWaitlist(page: Page, email: string) {
  await page.fill('#waitlist-name', 'Ada Lovelace');
  await page.fill('#waitlist-email', email);
  await page.fill('#waitlist-favorite', 'It keeps our fonts and colors');
  await page.fill('#waitlist-features', 'PowerPoint export');
  await page.check('#waitlist-feedback');
}

const disabledStates = (page: Page) =>
  page.$$eval([...fields, '#waitlist-root button[type=submit]'].join(', '), (els) => els.map((e) => e.matches(':disabled')));

describe('waitlist', () => {
  beforeAll(async () => {
    await truncate(env.backend!, 'waitlist');
  });

  it('joins: "Joining..." with everything disabled, then position N+1+64, the confirmation and its toast; the same email again is "Already registered"', async () => {
    for (let i = 0; i < EXISTING; i++) {
      await env.backend!.db.query(
        `insert into public.waitlist (name, email, favorite_part, desired_features) values ($1, $2, 'Speed', 'Charts')`,
        [`Early ${i}`, `early${i}@example.com`],
      );
    }
    await revisit(env, s);
    const { page } = s;
    await page.goto(env.url('/waitlist'));
    await hydrated(page, 'WaitlistForm');

    // Client-side validation first: a toast with the first message, nothing sent.
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expectToast(page, 'Validation Error', 'Name is required', 'destructive');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('waitlist-name');

    const held = await holdRequests(page, `${env.backend!.apiUrl}/rest/v1/waitlist*`, 'POST');
    await fillWaitlist(page, 'ada.lovelace@example.com');
    await page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await held.seen;
    await expect.poll(() => page.locator('#waitlist-root button[type=submit]').textContent()).toBe('Joining...');
    expect(await disabledStates(page)).toEqual([true, true, true, true, true, true]);
    expect(await page.getAttribute('#waitlist-root form', 'aria-busy')).toBe('true');
    held.release();

    const success = page.locator('.waitlist-success');
    await success.waitFor();
    expect(await success.locator('h2').textContent()).toBe("You're on the list!");
    expect(await success.locator('.waitlist-position').textContent()).toBe(`You're #${EXISTING + 1 + 64} on the waitlist.`);
    expect(await success.textContent()).toContain("We'll send updates about early access to your email.");
    const back = success.getByRole('link', { name: 'Back to Home' });
    expect(await back.getAttribute('href')).toBe('/');
    await expectToast(page, "You're on the list!", "We'll notify you when we launch.");
    expect(await page.locator('#waitlist-root form').count()).toBe(0);

    const stored = await rows(env.backend!, `select name, favorite_part, desired_features, willing_to_give_feedback from public.waitlist where email = $1`, [
      'ada.lovelace@example.com',
    ]);
    expect(stored).toEqual([
      { name: 'Ada Lovelace', favorite_part: 'It keeps our fonts and colors', desired_features: 'PowerPoint export', willing_to_give_feedback: true },
    ]);
    await back.click();
    await page.waitForURL(env.url('/'));
    expectClean(s);

    // Another visitor (fresh storage) with the same address in another case.
    await revisit(env, s);
    const again = s;
    await again.page.goto(env.url('/waitlist'));
    await hydrated(again.page, 'WaitlistForm');
    await fillWaitlist(again.page, 'Ada.LOVELACE@Example.com');
    await again.page.getByRole('button', { name: 'Join the Waitlist' }).click();
    await expectToast(again.page, 'Already registered', 'This email is already on the waitlist!', 'destructive');
    expect(await toastTitles(again.page)).toEqual(['Already registered']);
    expect(await again.page.locator('.waitlist-success').count()).toBe(0);
    expect(await again.page.inputValue('#waitlist-email')).toBe('Ada.LOVELACE@Example.com');
    expect(await again.page.isEnabled('#waitlist-email')).toBe(true);
    expect(await again.page.locator('#waitlist-root button[type=submit]').textContent()).toBe('Join the Waitlist');
    expect(await rows(env.backend!, 'select 1 from public.waitlist')).toHaveLength(EXISTING + 1);
    // The browser reports the 409 (HTTP Conflict) answer itself; nothing else may log an error.
    expectClean(again, [/status of 409 \(Conflict\)/]);
  });

  it('moves focus to the confirmation heading and scrolls it into view below the sticky header', async () => {
    for (const viewport of [{ width: 375, height: 667 }, { width: 1280, height: 800 }]) {
      await revisit(env, s, { viewport });
      const { page } = s;
      await page.goto(env.url('/waitlist'));
      await hydrated(page, 'WaitlistForm');
      await fillWaitlist(page, uniqueEmail('focus'));
      // The visitor is at the bottom of the form, where the button is.
      await page.locator('#waitlist-root button[type=submit]').scrollIntoViewIfNeeded();
      const scrolledTo = await page.evaluate(() => scrollY);
      await page.getByRole('button', { name: 'Join the Waitlist' }).click();
      await page.locator('.waitlist-success').waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("You're on the list!");
      const at = await page.evaluate(() => {
        const h = document.activeElement!;
        const box = h.getBoundingClientRect();
        return { tag: h.tagName, top: box.top, bottom: box.bottom, header: document.querySelector('.site-header')!.getBoundingClientRect().bottom, height: innerHeight };
      });
      const where = `${viewport.width}x${viewport.height}, scrolled to ${scrolledTo}: ${JSON.stringify(at)}`;
      expect(at.tag, where).toBe('H2');
      expect(at.top, where).toBeGreaterThanOrEqual(at.header);
      expect(at.bottom, where).toBeLessThanOrEqual(at.height);
      expectClean(s);
    }
  });
});
