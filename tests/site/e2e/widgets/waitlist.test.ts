/**
 * The waitlist form against the embedded backend: the submitting state
 * (request held back), the position (row count + 64), the confirmation view
 * and its toast, then the same address in another case: "Already registered".
 * The confirmation takes focus and shows in full below the sticky header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectClean, expectToast, holdRequests, hydrated, open, revisit, rows, setup, toastTitles, truncate, uniqueEmail, type Env, type Session } from './helpers.ts';

let env: Env;
/** The file's one page; each test (and each new visitor in one) starts from revisit, as a fresh context would. */
let s: Session;
beforeAll(async () => {
  env = await setup();
  s = await open(env);
  await truncate(env.backend!, 'waitlist');
});
afterAll(async () => {
  await env?.close();
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
