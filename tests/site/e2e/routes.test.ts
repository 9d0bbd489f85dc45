/**
 * Every route of the route table opens in real Chromium with its title and no console errors: one tab,
 * navigated from route to route (each a new document; nothing the visits do is stored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, serveThisSite, visitor, type ServedSite } from '../../e2e/harness.ts';

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveThisSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('every route in Chromium', () => {
  it('answers with status, title and no console errors', async () => {
    const { page, visit, close } = await visitor(browser);
    for (const route of site.routes) {
      const notFound = route.file === '404.html';
      const url = notFound ? '/no-such-page' : route.path;
      const { response: res, errors } = await visit(site.server.url + url);
      expect(res?.status(), url).toBe(notFound ? 404 : 200);
      expect(await page.title(), url).toBe(route.title);
      // The browser itself reports the 404 document's status; nothing else may log an error.
      const expected = notFound ? [expect.stringContaining('404')] : [];
      expect(errors.filter((e) => !(notFound && /Failed to load resource/.test(e))), url).toEqual([]);
      expect(errors.length, url).toBeLessThanOrEqual(expected.length);
    }
    await close();
  }, 120_000);
});
