/**
 * Content images in Chromium, served by preview() (so `_headers` and its CSP apply as on a static host):
 * an article's <picture> loads its AVIF at the width the viewport needs, the lazy image loads once
 * scrolled to, and nothing breaks the Content-Security-Policy.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { build } from '../../generator/build.ts';
import { preview } from '../../generator/dev/preview.ts';
import { launchBrowser } from './harness.ts';

let tmp: string;
let server: { url: string; close(): Promise<void> };
let browser: Browser;
const ARTICLE = 'blog/brand-kit-limitations';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-e2e-images-'));
  const content = path.join(tmp, 'content');
  await cp('content', content, { recursive: true });
  await mkdir(path.join(content, 'blog/images'));
  // 1600 px wide: the build makes it at 480, 800, 1200 and 1600 px, so each viewport below picks a width short of the largest.
  const gradient = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067"><defs><linearGradient id="g"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="1600" height="1067" fill="url(#g)"/></svg>');
  await sharp(gradient).jpeg({ quality: 90 }).toFile(path.join(content, 'blog/images/photo.jpg'));
  await sharp({ create: { width: 700, height: 400, channels: 3, background: '#10b981' } }).png().toFile(path.join(content, 'blog/images/chart.png'));
  const file = path.join(content, `${ARTICLE}.md`);
  const source = await readFile(file, 'utf8');
  const end = source.indexOf('\n---', 3) + 5;
  await writeFile(file, `${source.slice(0, end)}\n![A team reviewing a deck](./images/photo.jpg)\n${source.slice(end)}\n\n![A chart of hours saved](./images/chart.png)\n`);
  const browserStarting = launchBrowser();
  const out = path.join(tmp, 'dist');
  // No social images: the article's own images are what is looked at, not its card.
  await build({ content, out, cacheDir: path.join(tmp, 'cache'), backend: null, log: () => {}, progress: false, socialImages: false });
  server = await preview({ port: 0, dir: out, log: () => {} });
  browser = await browserStarting;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

for (const [name, viewport, scale, width] of [
  // 412 CSS px at 2x: 824 device pixels, so the 1200 px file; the 46rem (736 px) column at 1x: 800 px.
  ['a phone', { width: 412, height: 823 }, 2, 1200],
  ['a laptop', { width: 1280, height: 800 }, 1, 800],
] as const) {
  it(`loads the article's images on ${name} as AVIF at ${width} px, with no CSP violation`, async () => {
    const context = await browser.newContext({ viewport, deviceScaleFactor: scale });
    await context.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI}`));
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    try {
      await page.goto(`${server.url}/${ARTICLE}`, { waitUntil: 'load' });
      const first = await page.evaluate(() => {
        const img = document.querySelector<HTMLImageElement>('.prose picture img')!;
        return { src: img.currentSrc, natural: img.naturalWidth, complete: img.complete, loading: img.loading };
      });
      expect(first.loading).toBe('eager');
      expect(first.complete).toBe(true);
      expect(first.src).toMatch(new RegExp(`/assets/images/photo-[0-9a-f]{8}-${width}\\.avif$`));
      expect(first.natural).toBeGreaterThan(0);
      // The lazy one loads once it comes near the viewport.
      await page.locator('img[alt="A chart of hours saved"]').scrollIntoViewIfNeeded();
      await page.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="A chart of hours saved"]')!.naturalWidth > 0);
      expect(await page.evaluate(() => document.querySelector<HTMLImageElement>('img[alt="A chart of hours saved"]')!.currentSrc)).toMatch(/\.avif$/);
      expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
}
