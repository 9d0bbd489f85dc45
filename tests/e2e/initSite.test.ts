/**
 * The site `site init` makes, built once per run (initSiteOutput.ts) and opened in
 * Chromium: every page passes axe-core in light and dark colour schemes with no console error, and the
 * CopyLink island turns the article's link to itself into a copy button (without JavaScript it stays a
 * plain link).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axeViolations.ts';
import { serveStatic, type StaticServer } from '../../generator/dev/serveStatic.ts';
import { initSiteOutput } from './initSiteOutput.ts';
import { launchBrowser, visitor, type Visitor } from './harness.ts';

let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  let made: Awaited<ReturnType<typeof initSiteOutput>>;
  [made, browser] = await Promise.all([initSiteOutput(), launchBrowser()]);
  expect(made.init.code, made.init.stderr).toBe(0);
  expect(made.build.code, made.build.stderr).toBe(0);
  server = await serveStatic({ dir: made.dir });
});

afterAll(async () => {
  await Promise.all([browser?.close(), server?.close()]);
});

describe('the site site init makes, in Chromium', () => {
  // One page for every address in both colour schemes: a fresh page each would start a renderer each.
  let pages: Promise<Visitor>;
  beforeAll(() => {
    pages = visitor(browser);
  });
  afterAll(async () => {
    await (await pages)?.close();
  });

  it.each(['/', '/articles/hello-world', '/articles/adding-pages', '/no-such-page'])('%s: axe passes in light and dark, no console error', async (url) => {
    const { page, visit } = await pages;
    for (const colorScheme of ['light', 'dark'] as const) {
      const { response, errors } = await visit(`${server.url}${url}`, colorScheme);
      expect(response?.status()).toBe(url === '/no-such-page' ? 404 : 200);
      expect(await axeViolations(page), `${url} (${colorScheme})`).toEqual([]);
      // The 404 page's own status is the only error the browser reports for it.
      expect(errors.filter((e) => !(url === '/no-such-page' && e.includes('status of 404')))).toEqual([]);
    }
  });

  it('copies the article link with the CopyLink island, and says so', async () => {
    // The file's one page, allowed the clipboard: the island needs no fresh storage.
    const { page, visit } = await pages;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const { errors } = await visit(`${server.url}/articles/hello-world`);
    await page.locator('[data-island="CopyLink"][data-hydrated]').waitFor();
    await page.getByRole('link', { name: 'Link to this article' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/articles/hello-world`);
    expect(page.url()).toBe(`${server.url}/articles/hello-world`);
    expect(errors).toEqual([]);
  });

  it('without JavaScript, the link leads to the article itself', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('link', { name: 'Hello, world' }).click();
    await page.getByRole('link', { name: 'Link to this article' }).click();
    expect(page.url()).toBe(`${server.url}/articles/hello-world`);
    await context.close();
  });
});
