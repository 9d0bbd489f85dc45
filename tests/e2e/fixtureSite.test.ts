/**
 * The documentation fixture (tests/fixtures/docs-site) in real Chromium, served as a static host would:
 * every page passes axe-core with no CSP violation or console error, at phone and desktop widths, and the
 * skip link is the first Tab stop and takes the keyboard to the main landmark.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axeViolations.ts';
import type { Browser } from 'playwright-core';
import { buildAndServe, launchBrowser, visitor, type BuiltSite, type Visitor } from './harness.ts';

const fixture = fileURLToPath(new URL('../fixtures/docs-site', import.meta.url));

let tmp: string;
let site: BuiltSite;
let browser: Browser;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-docs-e2e-'));
  [site, browser] = await Promise.all([
    // No social images: the pages are what is looked at, not their cards.
    buildAndServe({ root: fixture, cacheDir: path.join(tmp, 'cache'), socialImages: false }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await (await pages)?.close();
  await browser?.close();
  await site?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/**
 * The file's one page, navigated from address to address and made `width` wide before the next ones (a
 * fresh page each would start a renderer each).
 */
let pages: Promise<Visitor> | undefined;
const at = async (width: number): Promise<Visitor> => {
  const one = await (pages ??= visitor(browser, { viewport: { width, height: 800 } }));
  await one.page.setViewportSize({ width, height: 800 });
  return one;
};

describe('the documentation fixture in Chromium', () => {
  const urls = ['/', '/docs', '/docs/page/2', '/docs/guides', '/docs/guides/caching', '/docs/reference/commands', '/no-such-page'];

  for (const width of [360, 1280]) {
    it(`passes axe with no CSP violation or console error at ${width} px`, async () => {
      const { page, visit } = await at(width);
      for (const url of urls) {
        const { errors } = await visit(site.server.url + url);
        expect(await axeViolations(page), `${url} at ${width} px`).toEqual([]);
        // The address that does not exist answers 404, as it should; nothing else may fail.
        const expected = url === '/no-such-page' ? ['Failed to load resource: the server responded with a status of 404 (Not Found)'] : [];
        expect(errors, `${url} at ${width} px`).toEqual(expected);
      }
    });
  }

  it('starts the keyboard at a skip link that moves focus into the main landmark', async () => {
    const { page, visit } = await at(1280);
    await visit(`${site.server.url}/docs/guides/caching`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
  });
});
