/**
 * The quality gates at 1280 px (qualityRun.ts: each route loaded once in the file's tab, each load serving
 * every check of its width; qualityNarrow.test.ts does the same at 360 px):
 *   - every route answers with its status and title, and logs no console error (no CSP violation either);
 *   - every page fits 1280 px without horizontal overflow, and axe-core finds nothing;
 *   - keyboard only, Tab from the top of the page reaches exactly the page's tabbable controls, and every
 *     one shows a visible focus indicator (an outline or a box-shadow that its unfocused state lacks);
 *     axe-core finds nothing with each dialog open: the contact dialog (footer Contact button) on every
 *     route, the demo dialog on /.
 * The route tests make the loads, with the closed-state checks first, on a page just loaded, and keep what
 * those found for the every-route and every-page tests after them (which load a page themselves only when
 * run alone). The platform-only behaviours (side panel, accordions, dialogs) are pages.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from '../../e2e/axeViolations.ts';
import { expectEveryPageAt, qualityRun, screenshots, settled } from './qualityRun.ts';
import { walkWithTab } from './walkWithTab.ts';

const WIDTH = 1280;
const q = await qualityRun();

async function openDialog(page: Page, invoker: string, id: string): Promise<void> {
  await page.click(invoker);
  await page.waitForFunction((d) => (document.getElementById(d) as HTMLDialogElement | null)?.open === true, id);
  await settled(page);
}

async function closeDialog(page: Page, id: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction((d) => (document.getElementById(d) as HTMLDialogElement | null)?.open === false, id);
}

describe('quality gates on every route', () => {
  it('covers the route table of the build', () => {
    expect(q.built().routes.map((r) => r.path)).toEqual(q.routes.map((r) => r.path));
  });

  for (const t of q.targets) {
    const name = t.notFound ? `404 (${t.url})` : t.path;
    it(`${name}: no CSP violation or console error; Tab reaches every control with a visible focus ring; axe passes with its dialogs open`, async () => {
      const wide = await q.load(t, WIDTH);
      expect(wide.status, t.url).toBe(t.notFound ? 404 : 200);
      await q.showBanner();
      const page = q.page();

      const focus = await walkWithTab(page);
      expect(focus.reached, `${t.url}: Tab reached nothing`).toBeGreaterThan(5);
      expect(focus.missed, `${t.url}: tabbable but never reached with Tab`).toEqual([]);
      expect(focus.extra, `${t.url}: reached with Tab but not a tabbable control`).toEqual([]);
      expect(focus.noIndicator, `${t.url}: focus indicator`).toEqual([]);

      await openDialog(page, 'footer button[commandfor="contact-dialog"]', 'contact-dialog');
      expect(await axeViolations(page), `${t.url} with the contact dialog open`).toEqual([]);
      await closeDialog(page, 'contact-dialog');

      if (t.path === '/') {
        await openDialog(page, 'main button[commandfor="demo-dialog"][command="show-modal"]', 'demo-dialog');
        await page.waitForSelector('#demo-dialog iframe');
        await page.frameLocator('#demo-dialog iframe').locator('p').waitFor();
        expect(await axeViolations(page), `${t.url} with the demo dialog open`).toEqual([]);
        await closeDialog(page, 'demo-dialog');
      }
      await q.expectClean(t, WIDTH);
    }, 30_000);
  }
});

describe('every route in Chromium', () => {
  it('answers with status, title and no console errors', async () => {
    for (const t of q.targets) {
      const { status, title, errors } = await q.loadedAt(t, WIDTH);
      expect(status, t.url).toBe(t.notFound ? 404 : 200);
      expect(title, t.url).toBe(q.built().routes.find((r) => r.path === t.path)!.title);
      // The browser itself reports the 404 document's status; nothing else may log an error.
      const expected = t.notFound ? [expect.stringContaining('404')] : [];
      expect(errors.filter((e) => !(t.notFound && /Failed to load resource/.test(e))), t.url).toEqual([]);
      expect(errors.length, t.url).toBeLessThanOrEqual(expected.length);
    }
  }, 120_000);
});

describe('every page', () => {
  it(`fits ${WIDTH} px without overflow, logs no errors, passes axe${screenshots ? ' (screenshots saved)' : ''}`, () => expectEveryPageAt(q, WIDTH), 240_000);
});
