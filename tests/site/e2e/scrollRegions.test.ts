/**
 * What scrolls sideways on a phone says so: at 375 px an article's comparison
 * table and the enterprise page's API example are wider than the screen, sit
 * in a focusable, named region that the arrow keys scroll, and show a shadow
 * at each edge that has more to scroll to. axe finds nothing on either page.
 * Both pages load in one tab, a returning visitor's (a stored cookie choice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { axeViolations } from '../../e2e/axeViolations.ts';
import { launchBrowser, serveThisSite, visitor, type ServedSite, type Visitor } from '../../e2e/harness.ts';

let site: ServedSite;
let browser: Browser;
let tab: Promise<Visitor> | undefined;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveThisSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** `url` at 375 px in the file's one tab; `errors` holds what this visit logs. */
async function open(url: string): Promise<{ page: Page; errors: string[] }> {
  tab ??= visitor(browser, { viewport: { width: 375, height: 800 } }).then(async (v) => {
    await v.page.addInitScript(() => localStorage.setItem('cookie-consent', 'declined'));
    return v;
  });
  const { page, visit } = await tab;
  const { errors } = await visit(site.server.url + url);
  return { page, errors };
}

/**
 * Mean brightness of the 4 px just inside the region's left and right borders, with every text
 * inside made transparent (through the CSSOM, which the CSP allows), so only the background counts.
 */
async function edges(page: Page, region: Locator): Promise<{ left: number; right: number }> {
  await region.evaluate((el) => {
    for (const e of el.querySelectorAll<HTMLElement>('*')) e.style.color = 'transparent';
  });
  const png = (await region.screenshot()).toString('base64');
  return page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const mean = (x0: number) => {
      const { data } = ctx.getImageData(x0, 0, 4, bitmap.height);
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      return sum / (data.length / 4);
    };
    return { left: mean(2), right: mean(bitmap.width - 6) };
  }, png);
}

const cases = [
  { name: 'an article comparison table', url: '/blog/canva-vs-google-slides', selector: '.prose .table-scroll' },
  { name: 'the enterprise API example', url: '/enterprise', selector: '[data-api-example] pre' },
];

describe('sideways scrolling at 375 px', () => {
  for (const c of cases) {
    it(`${c.name}: a focusable, named region the arrow keys scroll, with a shadow at the edge that hides more`, async () => {
      const { page, errors } = await open(c.url);
      const region = page.locator(c.selector).first();
      const box = await region.evaluate((el) => ({
        role: el.getAttribute('role'),
        tabIndex: (el as HTMLElement).tabIndex,
        overflow: el.scrollWidth - el.clientWidth,
        label: el.getAttribute('aria-labelledby') ? document.getElementById(el.getAttribute('aria-labelledby')!)?.textContent?.trim() : el.getAttribute('aria-label'),
      }));
      expect(box.overflow, 'wider than the screen').toBeGreaterThan(20);
      expect(box.role).toBe('region');
      expect(box.tabIndex).toBe(0);
      expect(box.label).toBeTruthy();
      expect(await page.getByRole('region', { name: box.label!, exact: true }).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // Shadow on the right only, while there is more to the right.
      const atStart = await edges(page, region);
      expect(Math.abs(atStart.right - atStart.left), JSON.stringify(atStart)).toBeGreaterThan(6);

      // Reached with Tab, scrolled with the arrow keys to its end.
      await page.locator('main').focus();
      for (let i = 0; i < 200 && !(await region.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press('Tab');
      expect(await region.evaluate((el) => el === document.activeElement), 'reached with Tab').toBe(true);
      for (let i = 0; i < 40 && (await region.evaluate((el) => el.scrollLeft < el.scrollWidth - el.clientWidth - 1)); i += 1) {
        await page.keyboard.press('ArrowRight');
      }
      expect(await region.evaluate((el) => el.scrollLeft), 'scrolled by the keyboard').toBeGreaterThanOrEqual(box.overflow - 1);

      // At the end the shadow has moved to the left edge.
      const atEnd = await edges(page, region);
      expect(Math.sign(atEnd.right - atEnd.left), JSON.stringify({ atStart, atEnd })).toBe(-Math.sign(atStart.right - atStart.left));
      expect(Math.abs(atEnd.right - atEnd.left), JSON.stringify(atEnd)).toBeGreaterThan(6);

      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
