/**
 * Every route in Chromium against the built site served by preview() (so `_headers` and its CSP apply as on a
 * static host), loaded once at 1280 px and once at 360 px, each load serving every check of its width:
 *   - every route answers with its status and title, and logs no console error (no CSP violation either);
 *   - every page fits 360 and 1280 px without horizontal overflow, and axe-core finds nothing (with
 *     SITE_SCREENSHOTS=1 a full-page screenshot of each, at each width, is saved in
 *     tests/site/e2e/__screenshots__/ for a person to look at; nothing reads them, so a plain run takes none);
 *   - quality gates: keyboard only, Tab from the top of the page reaches exactly the page's tabbable
 *     controls, and every one shows a visible focus indicator (an outline or a box-shadow that its
 *     unfocused state lacks); axe-core finds nothing with each dialog and menu open: the contact dialog
 *     (footer Contact button) on every route, the demo dialog on /, and (the route's second test, on its
 *     load at 360 px) the mobile nav panel on every route.
 * The route tests make the loads, with the closed-state checks first, on a page just loaded, and keep what
 * those found for the every-route and every-page tests after them (which load a page themselves only when
 * run alone). The platform-only behaviours (side panel, accordions, dialogs) are pages.test.ts's.
 * The run's one build of the site (tests/helpers/sharedBuild.ts), one browser, routes in sequence in one
 * tab: each load is a new document, as a new tab would load; nothing a test does is stored, so the cookie
 * banner shows on every route as on a first visit. The pages run on Playwright's clock, which the test moves
 * past the banner's delay instead of waiting it out.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../e2e/axeViolations.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadContent } from '../../../generator/content/load.ts';
import { markdownRenderer } from '../../../generator/content/markdownRenderer.ts';
import { preview } from '../../../generator/dev/preview.ts';
import site from '../../../site.config.ts';
import type { Content } from '../../../templates/collections.ts';
import { BANNER_DELAY_MS } from '../../../widgets/islands/CookieBanner.ts';
import { launchBrowser } from '../../e2e/harness.ts';
import { thisSite, type SharedBuild } from '../../helpers/sharedBuild.ts';
import { walkWithTab } from './walkWithTab.ts';

const shotsDir = path.resolve('tests/site/e2e/__screenshots__');
const screenshots = process.env.SITE_SCREENSHOTS === '1';
const widths = [360, 1280] as const;
const VIDEO_HOST = 'www.youtube-nocookie.com';
const ANALYTICS_HOST = 'www.googletagmanager.com';

// The route table, known before the build so each route is its own test.
const routes = site.routes((await loadContent(path.resolve('content'), site.collections, await markdownRenderer())).collections as Content);
/** Every route as a URL to visit (the 404 page through a path that does not exist) and a file-safe name. */
const targets = routes.map((r) => {
  const notFound = r.file === '404.html';
  return { path: r.path, url: notFound ? '/no-such-page' : r.path, notFound, name: notFound ? '404' : r.path === '/' ? 'home' : r.path.slice(1).replace(/\//g, '--') };
});
type Target = (typeof targets)[number];

let built: SharedBuild;
let server: { url: string; close(): Promise<void> };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let w: Watch;

beforeAll(async () => {
  const browserStarting = launchBrowser();
  if (screenshots) await mkdir(shotsDir, { recursive: true });
  built = await thisSite();
  server = await preview({ port: 0, dir: built.dir, log: () => {} });
  browser = await browserStarting;
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
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
  page = await context.newPage();
  w = watch(page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Watch {
  cspConsole: string[];
  errors: string[];
}

function watch(page: Page): Watch {
  const w: Watch = { cspConsole: [], errors: [] };
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) w.cspConsole.push(m.text());
    if (m.type() === 'error') w.errors.push(m.text());
  });
  page.on('pageerror', (e) => w.errors.push(e.message));
  return w;
}

/** What a page just loaded at one width showed: the every-route and every-page checks read it. */
interface Loaded {
  status: number | undefined;
  title: string;
  scrollWidth: number;
  innerWidth: number;
  axe: string[];
  /** Console errors, uncaught errors and CSP violations up to then. */
  errors: string[];
}

const loaded = new Map<string, Loaded>();

/**
 * Loads `t` in the tab at `width` (a new document) and checks it as loaded, before any test touches it:
 * status, title, overflow, axe-core (and the screenshot with SITE_SCREENSHOTS=1). Kept for the tests after.
 */
async function load(t: Target, width: number): Promise<Loaded> {
  await page.setViewportSize({ width, height: 800 });
  w.cspConsole.length = 0;
  w.errors.length = 0;
  const response = await page.goto(server.url + t.url, { waitUntil: 'load' });
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  if (screenshots) await page.screenshot({ path: path.join(shotsDir, `${t.name}-${width}.png`), fullPage: true });
  const axe = await axeViolations(page);
  const csp = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  const seen: Loaded = {
    status: response?.status(),
    title: await page.title(),
    scrollWidth,
    innerWidth,
    axe,
    errors: [...w.errors, ...[...csp, ...w.cspConsole].map((c) => `CSP: ${c}`)],
  };
  loaded.set(`${t.url} ${width}`, seen);
  return seen;
}

/** What `t` showed when loaded at `width` by its route's test, or a load of its own when that test did not run. */
const loadedAt = async (t: Target, width: number): Promise<Loaded> => loaded.get(`${t.url} ${width}`) ?? load(t, width);

/** The cookie banner shows 1 s after load with no stored choice; its buttons are part of the page. */
async function showBanner(): Promise<void> {
  await page.clock.fastForward(BANNER_DELAY_MS);
  await page.waitForSelector('[data-cookie-banner]:not([hidden])', { timeout: 5_000 });
}

/** No CSP violation and no console error in the document loaded last (the browser reports a 404 document's own status). */
async function expectClean(t: Target, width: number): Promise<void> {
  const csp = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
  expect([...csp, ...w.cspConsole], `${t.url} at ${width} px: CSP violations`).toEqual([]);
  expect(w.errors.filter((e) => !(t.notFound && /Failed to load resource.*404/.test(e))), `${t.url} at ${width} px: console errors`).toEqual([]);
}

/** Waits until no finite CSS transition or animation is running (dialogs and the nav panel slide and fade in; a blinking caret never ends). */
const settled = (page: Page) =>
  page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );

async function openDialog(page: Page, invoker: string, id: string): Promise<void> {
  await page.click(invoker);
  await page.waitForFunction((d) => (document.getElementById(d) as HTMLDialogElement | null)?.open === true, id);
  await settled(page);
}

async function closeDialog(page: Page, id: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction((d) => (document.getElementById(d) as HTMLDialogElement | null)?.open === false, id);
}

describe('quality gates on every route', () => {
  it('covers the route table of the build', () => {
    expect(built.routes.map((r) => r.path)).toEqual(routes.map((r) => r.path));
  });

  for (const t of targets) {
    const name = t.notFound ? `404 (${t.url})` : t.path;
    it(`${name}: no CSP violation or console error; Tab reaches every control with a visible focus ring; axe passes with its dialogs open`, async () => {
      const wide = await load(t, 1280);
      expect(wide.status, t.url).toBe(t.notFound ? 404 : 200);
      await showBanner();

      const focus = await walkWithTab(page);
      expect(focus.reached, `${t.url}: Tab reached nothing`).toBeGreaterThan(5);
      expect(focus.missed, `${t.url}: tabbable but never reached with Tab`).toEqual([]);
      expect(focus.extra, `${t.url}: reached with Tab but not a tabbable control`).toEqual([]);
      expect(focus.noIndicator, `${t.url}: focus indicator`).toEqual([]);

      await openDialog(page, 'footer button[commandfor="contact-dialog"]', 'contact-dialog');
      expect(await axeViolations(page), `${t.url} with the contact dialog open`).toEqual([]);
      await closeDialog(page, 'contact-dialog');

      if (t.path === '/') {
        await openDialog(page, 'main button[commandfor="demo-dialog"][command="show-modal"]', 'demo-dialog');
        await page.waitForSelector('#demo-dialog iframe');
        await page.frameLocator('#demo-dialog iframe').locator('p').waitFor();
        expect(await axeViolations(page), `${t.url} with the demo dialog open`).toEqual([]);
        await closeDialog(page, 'demo-dialog');
      }
      await expectClean(t, 1280);
    }, 30_000);

    it(`${name} at 360 px: no CSP violation or console error; axe passes with the nav panel open`, async () => {
      expect((await load(t, 360)).status, t.url).toBe(t.notFound ? 404 : 200);
      await showBanner();
      await page.click('.nav-toggle');
      await page.waitForFunction(() => document.querySelector('#nav-panel')?.matches(':popover-open'));
      await settled(page);
      expect(await axeViolations(page), `${t.url} at 360 px with the nav panel open`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('#nav-panel')?.matches(':popover-open'));
      await expectClean(t, 360);
    }, 30_000);
  }
});

describe('every route in Chromium', () => {
  it('answers with status, title and no console errors', async () => {
    for (const t of targets) {
      const { status, title, errors } = await loadedAt(t, 1280);
      expect(status, t.url).toBe(t.notFound ? 404 : 200);
      expect(title, t.url).toBe(built.routes.find((r) => r.path === t.path)!.title);
      // The browser itself reports the 404 document's status; nothing else may log an error.
      const expected = t.notFound ? [expect.stringContaining('404')] : [];
      expect(errors.filter((e) => !(t.notFound && /Failed to load resource/.test(e))), t.url).toEqual([]);
      expect(errors.length, t.url).toBeLessThanOrEqual(expected.length);
    }
  }, 120_000);
});

describe('every page', () => {
  for (const width of widths) {
    it(`fits ${width} px without overflow, logs no errors, passes axe${screenshots ? ' (screenshots saved)' : ''}`, async () => {
      for (const t of targets) {
        const { scrollWidth, innerWidth, axe, errors } = await loadedAt(t, width);
        expect(scrollWidth, `${t.url} at ${width}px`).toBeLessThanOrEqual(innerWidth);
        expect(axe, `${t.url} at ${width}px`).toEqual([]);
        // The browser reports the 404 document's own status; nothing else may log an error.
        expect(errors.filter((e) => !(t.notFound && /Failed to load resource.*404/.test(e))), t.url).toEqual([]);
      }
    }, 240_000);
  }
});
