/**
 * The platform-only behaviours of the pages, in real Chromium: the popover side panel, the exclusive
 * accordions and the invoker-command dialogs. (Every page's overflow, console errors and axe-core at phone
 * and desktop widths are checked by qualityWide.test.ts and qualityNarrow.test.ts, on the loads of their route tests.)
 *
 * One tab, navigated from page to page, as a returning visitor: a stored cookie choice, so the banner, fixed
 * over the page and shown 1 s after load, cannot appear between Playwright's hit check and its click and
 * take the click. Each visit sets the tab's width before it loads, so the page loads at that width as in a
 * tab of that size. Nothing a test does is stored, so each visit starts where a fresh tab would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, serveThisSite, visitor, type ServedSite, type Visitor } from '../../e2e/harness.ts';

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveThisSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

let tab: Promise<Visitor> | undefined;

/** `url` loaded at `width` in the file's one tab, a returning visitor's (a stored cookie choice); `errors` holds what this visit logs. */
async function open(width: number, url: string): Promise<{ page: Page; errors: string[] }> {
  tab ??= visitor(browser, { viewport: { width, height: 800 } }).then(async (v) => {
    await v.page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
    return v;
  });
  const { page, visit } = await tab;
  await page.setViewportSize({ width, height: 800 });
  const { errors } = await visit(site.server.url + url);
  return { page, errors };
}

/** Waits until no finite CSS transition or animation is running (the side panel slides in). */
const settled = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));

describe('navigation side panel at 360 px', () => {
  it('opens from the keyboard, is 250 px wide, moves focus inside and closes with Escape', async () => {
    const { page } = await open(360, '/');
    const panel = page.locator('#nav-panel');
    expect(await panel.isVisible()).toBe(false);
    await page.focus('.nav-toggle');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#nav-panel')!.matches(':popover-open'));
    await settled(page); // the slide-in transition
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
