/**
 * A page whose template throws: `site dev` answers with its error page, which names the template's file and
 * line (as the terminal does), and which reloads only when a file changes, never on its own.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dev, type DevServer } from '../../../generator/dev/dev.ts';
import { launchBrowser } from '../../e2e/harness.ts';
import { fixtureCopy, type SiteCopy } from './fixtureCopy.ts';

const TEMPLATE = 'templates/pages/HomePage.tsx';
const THROW = "  if (site.name) throw new Error('the home page is not ready');";

describe('the dev error page', () => {
  let site: SiteCopy;
  let server: DevServer;
  let browser: Browser;
  let line = 0;
  const lines: string[] = [];
  beforeAll(async () => {
    site = await fixtureCopy();
    await site.edit(TEMPLATE, (s) => {
      const out = s.replace(/(const \{ site \} = useSite\(\)\.content;\n)/, `$1${THROW}\n`);
      line = out.split('\n').indexOf(THROW) + 1;
      return out;
    });
    [server, browser] = await Promise.all([
      dev({ root: site.root, cacheDir: site.cacheDir, port: 0, backend: false, log: (l) => lines.push(l) }),
      launchBrowser(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.remove();
  });

  it("names the template's file and line, in the page and in the terminal", async () => {
    expect(line).toBeGreaterThan(1);
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('[TemplateRenderFailed]');
    expect(html).toContain(`${TEMPLATE}:${line}`);
    expect(html).toContain('the home page is not ready');
    expect(lines.join('\n')).toContain(`${TEMPLATE}:${line}`);
  });

  it('loads once and reloads only when a file changes', async () => {
    const page = await browser.newPage();
    let loads = 0;
    page.on('request', (r) => {
      if (r.isNavigationRequest() && new URL(r.url()).pathname === '/') loads++;
    });
    const connected = page.waitForRequest((r) => r.url().endsWith('/__site/events'));
    await page.goto(`${server.url}/`);
    await connected;
    // Time for the live-reload client to act on what the server said on connecting.
    await page.waitForTimeout(2500);
    expect(loads).toBe(1);
    expect(await page.locator('[data-site-overlay]').count()).toBe(1);
    // Fixing the template reloads the page, which now renders.
    await site.edit(TEMPLATE, (s) => s.replace(`${THROW}\n`, ''));
    await expect.poll(() => loads, { timeout: 60_000 }).toBeGreaterThan(1);
    await page.waitForSelector('#page-title');
    await page.close();
  }, 90_000);
});
