/**
 * Cookie banner and analytics consent (spec section 4), with Playwright's
 * controlled clock: hidden until exactly 1000 ms, the stored choice, no
 * request to the tag-manager host before Accept, and the cookie_consent
 * event exactly 100 ms after Accept. Once shown, it covers none of a hero's
 * calls to action, from a small phone to a wide desktop, and a page scrolled
 * to its end can bring every footer control clear of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BANNER_DELAY_MS } from '../../../../widgets/islands/CookieBanner.ts';
import { expectClean, hydrated, open, revisit, setup, type Env, type Session } from './helpers.ts';

const T0 = new Date('2025-11-03T09:00:00Z');

let env: Env;
/** The file's one page, its clock installed and paused before the site's first script ever runs; each visit is a new visitor's (revisit). */
let s: Session;
beforeAll(async () => {
  env = await setup({ backend: false });
  s = await open(env, {}, { cookieBanner: true });
  await s.page.clock.install({ time: T0 });
  await s.page.clock.pauseAt(T0.getTime() + 3_600_000);
});
afterAll(async () => {
  await env?.close();
});
const banner = (page: Page) => page.locator('[data-cookie-banner]');
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('cookie-consent'));
/** Whether window.dataLayer holds gtag('event', 'cookie_consent', { consent_action: 'accepted' }). */
const consentEventSent = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).some(
      (a) => a[0] === 'event' && a[1] === 'cookie_consent' && (a[2] as { consent_action?: string } | undefined)?.consent_action === 'accepted',
    ),
  );

/** A new visitor (no stored choice) opens `path` at `viewport`, the clock paused: the banner's delay has not begun to run. */
async function openPaused(path: string, viewport?: { width: number; height: number }): Promise<Session> {
  await revisit(env, s, { viewport });
  await s.page.goto(env.url(path));
  await hydrated(s.page, 'CookieBanner');
  return s;
}

/** A new visitor at `viewport` on `path`, once the banner has shown (its delay run on the clock). */
async function openWithBanner(path: string, viewport: { width: number; height: number }): Promise<Session> {
  await openPaused(path, viewport);
  await s.page.clock.runFor(BANNER_DELAY_MS);
  await banner(s.page).waitFor({ state: 'visible' });
  return s;
}

describe('cookie banner', () => {
  it('appears at 1000 ms, not 999; Accept and Decline store the choice; a stored choice is honoured on reload', async () => {
    await openPaused('/privacy');
    const { page } = s;
    await page.clock.runFor(999);
    expect(await banner(page).isVisible()).toBe(false);
    await page.clock.runFor(1);
    expect(await banner(page).isVisible()).toBe(true);
    expect(await stored(page)).toBeNull();
    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    expect(await banner(page).isVisible()).toBe(false);
    expect(await stored(page)).toBe('accepted');
    await expect.poll(() => s.analytics.length).toBe(1);

    // Stored accepted: analytics at once, no banner, even long after the delay.
    await page.reload();
    await hydrated(page, 'CookieBanner');
    await page.waitForFunction(() => document.querySelector('script[src*="googletagmanager.com/gtag/js"]') !== null);
    await page.clock.runFor(5000);
    expect(await banner(page).isVisible()).toBe(false);
    await expect.poll(() => s.analytics.length).toBe(2);
    expect(s.analytics[1]).toMatch(/^https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-/);
    expectClean(s);

    // Decline as a new visitor (nothing stored) stores "declined"; on reload nothing shows and nothing loads.
    const d = await openPaused('/pricing');
    await d.page.clock.runFor(1000);
    expect(await banner(d.page).isVisible()).toBe(true);
    await d.page.getByRole('button', { name: 'Decline', exact: true }).click();
    expect(await banner(d.page).isVisible()).toBe(false);
    expect(await stored(d.page)).toBe('declined');
    await d.page.reload();
    await hydrated(d.page, 'CookieBanner');
    await d.page.clock.runFor(5000);
    expect(await banner(d.page).isVisible()).toBe(false);
    expect(d.analytics).toEqual([]);
    expect(await d.page.evaluate(() => 'dataLayer' in window || document.querySelector('script[src*="googletagmanager"]') !== null)).toBe(false);
    expectClean(d);
  });

  it('sends nothing to the tag manager before Accept, and the consent event exactly 100 ms after it', async () => {
    await openPaused('/');
    const { page } = s;
    let requests = 0;
    await page.route('https://www.googletagmanager.com/**', (route) => {
      requests += 1;
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    });
    await page.clock.runFor(1000);
    expect(await banner(page).isVisible()).toBe(true);
    // Time passes, the visitor scrolls and clicks around: still nothing.
    await page.clock.runFor(10_000);
    await page.mouse.wheel(0, 2000);
    expect(requests).toBe(0);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);

    await page.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('script[src*="googletagmanager.com/gtag/js"]') !== null);
    await expect.poll(() => requests).toBe(1);
    expect(await consentEventSent(page)).toBe(false);
    await page.clock.runFor(99);
    expect(await consentEventSent(page)).toBe(false);
    await page.clock.runFor(1);
    expect(await consentEventSent(page)).toBe(true);
    // gtag('js'), gtag('config', id) first, as gtag.js expects.
    const calls = await page.evaluate(() => ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer).map((a) => String(a[0])));
    expect(calls).toEqual(['js', 'config', 'event']);
    expectClean(s);
  });

  it('covers no call to action of a hero at any width from 320 to 1440 px', async () => {
    const sizes = [[320, 568], [375, 667], [768, 1024], [1024, 768], [1280, 800], [1440, 900], [1280, 720]] as const;
    for (const [width, height] of sizes) {
      for (const path of ['/', '/enterprise']) {
        await openWithBanner(path, { width, height });
        const covered = await s.page.evaluate(() => {
          const out: string[] = [];
          const ctas = [...document.querySelectorAll<HTMLElement>('.home-hero :is(a, button), .page-hero :is(a, button)')];
          for (const el of ctas) {
            window.scrollTo(0, 0);
            let r = el.getBoundingClientRect();
            // Below the fold at first: the visitor scrolls until it shows.
            if (r.top + r.height / 2 > innerHeight) {
              el.scrollIntoView({ block: 'nearest' });
              r = el.getBoundingClientRect();
            }
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (!hit || !el.contains(hit)) out.push(`${el.textContent?.trim()} under ${hit?.closest('[class]')?.className ?? 'nothing'}`);
          }
          return { count: ctas.length, out };
        });
        expect(covered.count, `${path} at ${width}x${height}`).toBeGreaterThan(0);
        expect(covered.out, `${path} at ${width}x${height}`).toEqual([]);
        expect(await banner(s.page).isVisible()).toBe(true);
        expectClean(s);
      }
    }
  }, 120_000);

  it('lets every footer control scroll clear of it, the last ones at the end of the page included', async () => {
    for (const [width, height] of [[375, 667], [1024, 768], [1280, 800], [1440, 900]] as const) {
      await openWithBanner('/privacy', { width, height });
      const covered = await s.page.evaluate(() => {
        const hitAt = (el: HTMLElement) => {
          const r = el.getBoundingClientRect();
          return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        };
        return [...document.querySelectorAll<HTMLElement>('footer :is(a, button)')].flatMap((el) => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          let hit = hitAt(el);
          // Under the bar at the top of a phone's screen: the visitor scrolls back a little.
          if (!hit || !el.contains(hit)) {
            el.scrollIntoView({ block: 'nearest' });
            hit = hitAt(el);
          }
          return hit && el.contains(hit) ? [] : [`${el.getAttribute('aria-label') ?? el.textContent?.trim()} under ${hit?.closest('[class]')?.className ?? 'nothing'}`];
        });
      });
      expect(covered, `${width}x${height}`).toEqual([]);
      expectClean(s);
    }
  }, 60_000);
});
