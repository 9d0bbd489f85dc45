/**
 * The setup and the per-load checks of the quality gates, shared by the two files that run them, one per
 * width (qualityWide.test.ts at 1280 px, qualityNarrow.test.ts at 360 px): every route in Chromium against
 * the built site served by preview() (so `_headers` and its CSP apply as on a static host).
 *
 * The run's one build of the site (tests/helpers/sharedBuild.ts), one browser, routes in sequence in one
 * tab: each load is a new document, as a new tab would load; nothing a test does is stored, so the cookie
 * banner shows on every route as on a first visit. The pages run on Playwright's clock, which the test moves
 * past the banner's delay instead of waiting it out. axe-core is evaluated in every document before the
 * page's own scripts (an init script, which the page's CSP does not govern and which leaves the page as it
 * was), instead of on the first axe run of each document: the same axe, for less processor time per load.
 * With SITE_SCREENSHOTS=1 a full-page screenshot of each load is saved in tests/site/e2e/__screenshots__/
 * for a person to look at; nothing reads them, so a plain run takes none.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { axeViolations } from '../../e2e/axeViolations.ts';
import { loadContent } from '../../../generator/content/load.ts';
import { markdownRenderer } from '../../../generator/content/markdownRenderer.ts';
import { preview } from '../../../generator/dev/preview.ts';
import site from '../../../site.config.ts';
import type { Content } from '../../../templates/collections.ts';
import { BANNER_DELAY_MS } from '../../../widgets/islands/CookieBanner.ts';
import { launchBrowser } from '../../e2e/harness.ts';
import { thisSite, type SharedBuild } from '../../helpers/sharedBuild.ts';

const shotsDir = path.resolve('tests/site/e2e/__screenshots__');
export const screenshots = process.env.SITE_SCREENSHOTS === '1';
const VIDEO_HOST = 'www.youtube-nocookie.com';
const ANALYTICS_HOST = 'www.googletagmanager.com';

/** A route as a URL to visit (the 404 page through a path that does not exist) and a file-safe name. */
export interface Target {
  path: string;
  url: string;
  notFound: boolean;
  name: string;
}

/** What a page just loaded at one width showed: the every-route and every-page checks read it. */
export interface Loaded {
  status: number | undefined;
  title: string;
  scrollWidth: number;
  innerWidth: number;
  axe: string[];
  /** Console errors, uncaught errors and CSP violations up to then. */
  errors: string[];
}

export interface QualityRun {
  /** The route table, known before the build so each route is its own test. */
  routes: { path: string }[];
  targets: Target[];
  /** The run's build of the site (set once the file's setup ran). */
  built(): SharedBuild;
  /** The file's one tab. */
  page(): Page;
  /**
   * Loads `t` in the tab at `width` (a new document) and checks it as loaded, before any test touches it:
   * status, title, overflow, axe-core (and the screenshot with SITE_SCREENSHOTS=1). Kept for the tests after.
   */
  load(t: Target, width: number): Promise<Loaded>;
  /** What `t` showed when loaded at `width` by its route's test, or a load of its own when that test did not run. */
  loadedAt(t: Target, width: number): Promise<Loaded>;
  /** The cookie banner shows 1 s after load with no stored choice; its buttons are part of the page. */
  showBanner(): Promise<void>;
  /** No CSP violation and no console error in the document loaded last (the browser reports a 404 document's own status). */
  expectClean(t: Target, width: number): Promise<void>;
}

interface Watch {
  cspConsole: string[];
  errors: string[];
}

/** The route table of this site's content, the file's hooks (build, server, browser, tab) and its loads. */
export async function qualityRun(): Promise<QualityRun> {
  const routes = site.routes((await loadContent(path.resolve('content'), site.collections, await markdownRenderer())).collections as Content);
  const targets = routes.map((r) => {
    const notFound = r.file === '404.html';
    return { path: r.path, url: notFound ? '/no-such-page' : r.path, notFound, name: notFound ? '404' : r.path === '/' ? 'home' : r.path.slice(1).replace(/\//g, '--') };
  });
  let built: SharedBuild;
  let server: { url: string; close(): Promise<void> };
  let browser: Browser;
  let page: Page;
  const w: Watch = { cspConsole: [], errors: [] };
  const loaded = new Map<string, Loaded>();

  beforeAll(async () => {
    const browserStarting = launchBrowser();
    if (screenshots) await mkdir(shotsDir, { recursive: true });
    built = await thisSite();
    server = await preview({ port: 0, dir: built.dir, log: () => {} });
    browser = await browserStarting;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    // Page time runs as on the wall, except where a test moves it on.
    await context.clock.install();
    // Nothing leaves 127.0.0.1: the video and analytics hosts get stubs, anything else is refused.
    await context.route('**/*', (route) => {
      const { hostname } = new URL(route.request().url());
      if (hostname === '127.0.0.1') return route.continue();
      if (hostname === VIDEO_HOST) return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Video</title><p>Video</p>' });
      if (hostname === ANALYTICS_HOST) return route.fulfill({ contentType: 'text/javascript', body: '' });
      return route.abort();
    });
    // Record CSP violations from the first script on (init scripts are not subject to the page's CSP).
    await context.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => {
        w.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'} (${e.sourceFile}:${e.lineNumber})`);
      });
    });
    // axe-core in every document and frame, ready for axeViolations(), which then evaluates it in none.
    await context.addInitScript({ path: path.resolve('node_modules/axe-core/axe.min.js') });
    page = await context.newPage();
    page.on('console', (m) => {
      if (/Content.Security.Policy/i.test(m.text())) w.cspConsole.push(m.text());
      if (m.type() === 'error') w.errors.push(m.text());
    });
    page.on('pageerror', (e) => w.errors.push(e.message));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const csp = () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

  async function load(t: Target, width: number): Promise<Loaded> {
    await page.setViewportSize({ width, height: 800 });
    w.cspConsole.length = 0;
    w.errors.length = 0;
    const response = await page.goto(server.url + t.url, { waitUntil: 'load' });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    if (screenshots) await page.screenshot({ path: path.join(shotsDir, `${t.name}-${width}.png`), fullPage: true });
    const axe = await axeViolations(page);
    const seen: Loaded = {
      status: response?.status(),
      title: await page.title(),
      scrollWidth,
      innerWidth,
      axe,
      errors: [...w.errors, ...[...(await csp()), ...w.cspConsole].map((c) => `CSP: ${c}`)],
    };
    loaded.set(`${t.url} ${width}`, seen);
    return seen;
  }

  return {
    routes,
    targets,
    built: () => built,
    page: () => page,
    load,
    loadedAt: async (t, width) => loaded.get(`${t.url} ${width}`) ?? load(t, width),
    async showBanner() {
      await page.clock.fastForward(BANNER_DELAY_MS);
      await page.waitForSelector('[data-cookie-banner]:not([hidden])', { timeout: 5_000 });
    },
    async expectClean(t, width) {
      expect([...(await csp()), ...w.cspConsole], `${t.url} at ${width} px: CSP violations`).toEqual([]);
      expect(w.errors.filter((e) => !(t.notFound && /Failed to load resource.*404/.test(e))), `${t.url} at ${width} px: console errors`).toEqual([]);
    },
  };
}

/** Waits until no finite CSS transition or animation is running (dialogs and the nav panel slide and fade in; a blinking caret never ends). */
export const settled = (page: Page) =>
  page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );

/** The every-page checks of one width, over what the route tests' loads found. */
export async function expectEveryPageAt(q: QualityRun, width: number): Promise<void> {
  for (const t of q.targets) {
    const { scrollWidth, innerWidth, axe, errors } = await q.loadedAt(t, width);
    expect(scrollWidth, `${t.url} at ${width}px`).toBeLessThanOrEqual(innerWidth);
    expect(axe, `${t.url} at ${width}px`).toEqual([]);
    // The browser reports the 404 document's own status; nothing else may log an error.
    expect(errors.filter((e) => !(t.notFound && /Failed to load resource.*404/.test(e))), t.url).toEqual([]);
  }
}
