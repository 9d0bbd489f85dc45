/**
 * The multilingual fixture (tests/fixtures/i18n-site) in real Chromium, served as a static host would:
 * every page of every locale, the right-to-left Arabic ones and the fallback pages included, passes
 * axe-core with no CSP violation or console error, and lays out right to left where it should.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations } from './axeViolations.ts';
import { buildAndServe, launchBrowser, visitor, type BuiltSite, type Visitor } from './harness.ts';

const fixture = fileURLToPath(new URL('../fixtures/i18n-site', import.meta.url));

let tmp: string;
let site: BuiltSite;
let browser: Browser;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-i18n-e2e-'));
  [site, browser] = await Promise.all([buildAndServe({ root: fixture, cacheDir: path.join(tmp, 'cache') }), launchBrowser()]);
});
afterAll(async () => {
  await (await pages)?.close();
  await browser?.close();
  await site?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** The file's one page, navigated from locale to locale: a fresh page each would start a renderer each. */
let pages: Promise<Visitor> | undefined;
const one = () => (pages ??= visitor(browser, { viewport: { width: 1280, height: 800 } }));

describe('the multilingual fixture in Chromium', () => {
  const paths = ['/', '/about', '/blog', '/blog/first-map', '/blog/trail-notes'];
  const urls = ['', '/de', '/ar'].flatMap((prefix) => paths.map((p) => (prefix && p === '/' ? prefix : prefix + p)));

  it('passes axe in every locale, right to left included, with no CSP violation or console error', async () => {
    const { page, visit } = await one();
    for (const url of urls) {
      const { errors } = await visit(site.server.url + url);
      expect(await axeViolations(page), url).toEqual([]);
      expect(errors, url).toEqual([]);
    }
  });

  it('lays out Arabic pages right to left', async () => {
    const { page, visit } = await one();
    await visit(`${site.server.url}/ar/blog/first-map`);
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
    // The heading's text (its glyphs, not its block) starts at the right edge of the body's content box and ends short of the left one.
    const { text, body } = await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('h1')!);
      const box = document.body.getBoundingClientRect();
      const style = getComputedStyle(document.body);
      return {
        text: { left: range.getBoundingClientRect().left, right: range.getBoundingClientRect().right },
        body: { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) },
      };
    });
    expect(Math.abs(text.right - body.right)).toBeLessThan(2);
    expect(text.left - body.left).toBeGreaterThan(100);
  });
});
