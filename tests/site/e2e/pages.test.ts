/**
 * Every page in real Chromium at phone and desktop widths: no horizontal
 * overflow, no console errors, no axe violations. Then the platform-only
 * behaviours: the popover side panel, the exclusive accordions and the
 * invoker-command dialogs.
 *
 * With SITE_SCREENSHOTS=1 the walk over every page also saves a full-page
 * screenshot of each, at each width, in tests/site/e2e/__screenshots__/ for a
 * person to look at; nothing reads them, so a plain run takes none.
 *
 * One tab per width and kind of visitor, navigated from page to page: a
 * first-time visitor (no stored cookie choice) walks every page, and a
 * returning one (a stored choice, so the banner, fixed over the page and
 * shown 1 s after load, cannot appear between Playwright's hit check and its
 * click and take the click) runs the behaviour tests. Nothing a test does is
 * stored, so each visit starts where a fresh tab would.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../../e2e/axeViolations.ts';
import { launchBrowser, serveThisSite, visitor, type ServedSite, type Visitor } from '../../e2e/harness.ts';

const shotsDir = path.resolve('tests/site/e2e/__screenshots__');
const screenshots = process.env.SITE_SCREENSHOTS === '1';
const widths = [360, 1280] as const;

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveThisSite(), launchBrowser(), screenshots && mkdir(shotsDir, { recursive: true })]).then(
    ([s, b]) => [s, b] as const,
  );
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Every route as a URL to visit (the 404 page through a path that does not exist) and a file-safe name. */
const targets = () =>
  site.routes.map((r) => {
    const notFound = r.file === '404.html';
    return { url: notFound ? '/no-such-page' : r.path, notFound, name: notFound ? '404' : r.path === '/' ? 'home' : r.path.slice(1).replace(/\//g, '--') };
  });

const tabs = new Map<string, Promise<Visitor>>();

/** The one tab of a width and kind of visitor (a returning one has a stored cookie choice), opened on first use. */
function tab(width: number, cookieBanner: boolean): Promise<Visitor> {
  const key = `${width}-${cookieBanner}`;
  if (!tabs.has(key)) {
    tabs.set(key, (async () => {
      const v = await visitor(browser, { viewport: { width, height: 800 } });
      if (!cookieBanner) await v.page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
      return v;
    })());
  }
  return tabs.get(key)!;
}

/** `url` at `width` in that tab; `errors` holds what this visit logs. */
async function open(width: number, url: string, { cookieBanner = false } = {}): Promise<{ page: Page; errors: string[] }> {
  const { page, visit } = await tab(width, cookieBanner);
  const { errors } = await visit(site.server.url + url);
  return { page, errors };
}

describe('every page', () => {
  for (const width of widths) {
    it(`fits ${width} px without overflow, logs no errors, passes axe${screenshots ? ' (screenshots saved)' : ''}`, async () => {
      for (const t of targets()) {
        const { page, errors } = await open(width, t.url, { cookieBanner: true });
        const { scrollWidth, innerWidth } = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(scrollWidth, `${t.url} at ${width}px`).toBeLessThanOrEqual(innerWidth);
        if (screenshots) await page.screenshot({ path: path.join(shotsDir, `${t.name}-${width}.png`), fullPage: true });
        expect(await axeViolations(page), `${t.url} at ${width}px`).toEqual([]);
        // The browser reports the 404 document's own status; nothing else may log an error.
        expect(errors.filter((e) => !(t.notFound && /Failed to load resource.*404/.test(e))), t.url).toEqual([]);
      }
    }, 240_000);
  }
});

describe('navigation side panel at 360 px', () => {
  it('opens from the keyboard, is 250 px wide, moves focus inside and closes with Escape', async () => {
    const { page } = await open(360, '/');
    const panel = page.locator('#nav-panel');
    expect(await panel.isVisible()).toBe(false);
    await page.focus('.nav-toggle');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#nav-panel')!.matches(':popover-open'));
    await page.waitForTimeout(300); // slide-in transition
    const box = await panel.boundingBox();
    expect(box?.width).toBe(250);
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(360);
    expect(await page.locator('#nav-panel a[href="/pricing"]').isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#nav-panel') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('#nav-panel')!.matches(':popover-open'));
  });

  it('closes with its close button; signed-in items stay hidden by default', async () => {
    const { page } = await open(360, '/pricing');
    await page.click('.nav-toggle');
    await page.waitForFunction(() => document.querySelector('#nav-panel')!.matches(':popover-open'));
    expect(await page.locator('[data-session-only]').isVisible()).toBe(false);
    expect(await page.locator('[data-sign-out]').isVisible()).toBe(false);
    await page.click('.nav-close');
    await page.waitForFunction(() => !document.querySelector('#nav-panel')!.matches(':popover-open'));
  });

  it('shows the links inline at 1280 px with no menu button', async () => {
    const { page } = await open(1280, '/');
    expect(await page.locator('.nav-toggle').isVisible()).toBe(false);
    for (const href of ['/use-cases', '/blog', '/enterprise', '/pricing']) {
      expect(await page.locator(`#nav-panel a[href="${href}"]`).isVisible(), href).toBe(true);
    }
  });
});

/** Which of the page's <details> are open, by index. */
const openItems = (page: Page, selector: string) =>
  page.$$eval(selector, (els) => els.flatMap((d, i) => ((d as HTMLDetailsElement).open ? [i] : [])));

describe('exclusive accordions', () => {
  it('FAQ opens one item at a time, and a second click collapses it', async () => {
    const { page } = await open(1280, '/pricing');
    const items = 'details[name="faq"]';
    const summaries = page.locator(`${items} > summary`);
    expect(await summaries.count()).toBe(8);
    expect(await openItems(page, items)).toEqual([]);
    await summaries.nth(0).click();
    expect(await openItems(page, items)).toEqual([0]);
    await summaries.nth(3).click();
    expect(await openItems(page, items)).toEqual([3]);
    await summaries.nth(3).click();
    expect(await openItems(page, items)).toEqual([]);
  });

  it('use cases: the first is open; opening another closes it', async () => {
    const { page } = await open(360, '/use-cases');
    const items = 'details[name="use-cases"]';
    expect(await openItems(page, items)).toEqual([0]);
    await page.locator(`${items} > summary`).nth(2).click();
    expect(await openItems(page, items)).toEqual([2]);
    await page.locator(`${items} > summary`).nth(2).click();
    expect(await openItems(page, items)).toEqual([]);
  });
});

describe('dialogs open with no page script', () => {
  it('Watch Demo opens the 16:9 video dialog and its close button closes it', async () => {
    const { page } = await open(1280, '/');
    await page.click('button[commandfor="demo-dialog"][command="show-modal"]');
    const dialog = page.locator('#demo-dialog');
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    const frame = await page.locator('#demo-dialog .video-frame').boundingBox();
    expect(Math.abs(frame!.width / frame!.height - 16 / 9)).toBeLessThan(0.02);
    await page.click('#demo-dialog button[command="close"]');
    expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
  });

  it('the footer Contact button and the enterprise buttons open the contact dialog', async () => {
    const { page } = await open(1280, '/enterprise');
    const dialog = page.locator('#contact-dialog');
    const buttons = page.locator('main button[commandfor="contact-dialog"], footer button[commandfor="contact-dialog"]');
    expect(await buttons.count()).toBe(6);
    for (let i = 0; i < 6; i++) {
      await buttons.nth(i).click();
      expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open), `button ${i}`).toBe(true);
      await page.keyboard.press('Escape');
      expect(await dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    }
  });
});
