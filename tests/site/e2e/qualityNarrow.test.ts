/**
 * The quality gates at 360 px (qualityRun.ts: each route loaded once in the file's tab, each load serving
 * every check of its width; qualityWide.test.ts does the same at 1280 px):
 *   - every route logs no console error and no CSP violation;
 *   - every page fits 360 px without horizontal overflow, and axe-core finds nothing, closed and with the
 *     mobile nav panel open.
 * The route tests make the loads, with the closed-state checks first, on a page just loaded, and keep what
 * those found for the every-page test after them (which loads a page itself only when run alone).
 */
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../e2e/axeViolations.ts';
import { expectEveryPageAt, qualityRun, screenshots, settled } from './qualityRun.ts';

const WIDTH = 360;
const q = await qualityRun();

describe('quality gates on every route', () => {
  for (const t of q.targets) {
    const name = t.notFound ? `404 (${t.url})` : t.path;
    it(`${name} at 360 px: no CSP violation or console error; axe passes with the nav panel open`, async () => {
      expect((await q.load(t, WIDTH)).status, t.url).toBe(t.notFound ? 404 : 200);
      await q.showBanner();
      const page = q.page();
      await page.click('.nav-toggle');
      await page.waitForFunction(() => document.querySelector('#nav-panel')?.matches(':popover-open'));
      await settled(page);
      expect(await axeViolations(page), `${t.url} at 360 px with the nav panel open`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('#nav-panel')?.matches(':popover-open'));
      await q.expectClean(t, WIDTH);
    }, 30_000);
  }
});

describe('every page', () => {
  it(`fits ${WIDTH} px without overflow, logs no errors, passes axe${screenshots ? ' (screenshots saved)' : ''}`, () => expectEveryPageAt(q, WIDTH), 240_000);
});
