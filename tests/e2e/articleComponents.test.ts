/**
 * An island inside an article component (tests/fixtures/components-site: the Tally component placed with
 * ::tally{…}) hydrates in real Chromium like any other, under the site's strict Content-Security-Policy:
 * no inline script or style, no violation, no console error.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildAndServe, launchBrowser, watchErrors, type BuiltSite } from './harness.ts';

const fixture = fileURLToPath(new URL('../fixtures/components-site', import.meta.url));

let tmp: string;
let site: BuiltSite;
let browser: Browser;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-components-e2e-'));
  [site, browser] = await Promise.all([buildAndServe({ root: fixture, cacheDir: path.join(tmp, 'cache') }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('an island inside an article component', () => {
  it('hydrates under the strict CSP with no violation or console error', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportViolation: (v: string) => void }).reportViolation(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'}`),
      );
    });
    const response = await page.goto(`${site.server.url}/posts/tally`, { waitUntil: 'load' });
    const csp = response!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'(?!.*unsafe-inline)/);
    const button = page.locator('figure.tally [data-island="Tally"] button');
    await button.and(page.locator('[data-hydrated="true"]')).waitFor();
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Count: 4');
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
