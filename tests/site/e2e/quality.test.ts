/**
 * Quality gates on every route, in Chromium, against the built site served
 * by preview() (so `_headers` and its CSP apply as on a static host):
 *   - no Content-Security-Policy violation and no console error;
 *   - keyboard only: Tab from the top of the page reaches exactly the
 *     page's tabbable controls, and every one shows a visible focus
 *     indicator (an outline or a box-shadow that its unfocused state lacks);
 *   - axe-core finds nothing with each dialog and menu open: the contact
 *     dialog (footer Contact button) on every route, the mobile nav panel
 *     at 360 px on every route, the demo dialog on /.
 * The closed-state axe run at two widths lives in pages.test.ts.
 * The run's one build of the site (tests/helpers/sharedBuild.ts), one browser, routes in sequence in one
 * tab: each test navigates it to its route (a new document, as a new tab would load; nothing a test does is
 * stored, so the cookie banner shows on every route as on a first visit). The pages run on Playwright's
 * clock, which the test moves past the banner's delay instead of waiting it out.
 */
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

const VIDEO_HOST = 'www.youtube-nocookie.com';
const ANALYTICS_HOST = 'www.googletagmanager.com';

// The route table, known before the build so each route is its own test.
const routes = site.routes((await loadContent(path.resolve('content'), site.collections, await markdownRenderer())).collections as Content);
const targets = routes.map((r) => {
  const notFound = r.file === '404.html';
  return { path: r.path, url: notFound ? '/no-such-page' : r.path, notFound };
});

let built: SharedBuild;
let server: { url: string; close(): Promise<void> };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let w: Watch;

beforeAll(async () => {
  const browserStarting = launchBrowser();
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

/** Waits until no finite CSS transition or animation is running (dialogs and the nav panel slide and fade in; a blinking caret never ends). */
const settled = (page: Page) =>
  page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );

interface FocusReport {
  /** Tabbable elements Tab never reached. */
  missed: string[];
  /** Elements Tab reached that are not in the tabbable list. */
  extra: string[];
  /** Reached elements whose focus indicator is missing or identical to their unfocused look. */
  noIndicator: string[];
  reached: number;
}

/**
 * Installs the page-side helpers of the keyboard walk: the page's tabbable
 * elements (rendered, not inert, not disabled, tabindex >= 0) and a
 * signature of how an element looks focused vs not: outline and box-shadow
 * of the element and its ::before / ::after.
 */
async function installFocusHelpers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const focusable =
      'a[href], area[href], button, input:not([type="hidden"]), select, textarea, iframe, summary, [tabindex], [contenteditable]:not([contenteditable="false"]), audio[controls], video[controls]';
    const describe = (el: Element) => {
      const h = el as HTMLElement;
      const label = (h.getAttribute('aria-label') || h.textContent || h.getAttribute('name') || h.getAttribute('href') || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${h.id ? `#${h.id}` : ''}${h.className && typeof h.className === 'string' ? `.${h.className.trim().split(/\s+/).join('.')}` : ''}> "${label}"`;
    };
    const tabbable = () =>
      [...document.querySelectorAll<HTMLElement>(focusable)].filter((el) => {
        if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled || el.closest('[inert]')) return false;
        if (el.tagName === 'SUMMARY' && el.parentElement?.querySelector(':scope > summary') !== el) return false;
        if (el.tagName === 'INPUT' && (el as HTMLInputElement).type === 'radio') {
          // One stop per radio group: the checked one, or the first.
          const r = el as HTMLInputElement;
          const group = r.name ? [...document.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${CSS.escape(r.name)}"]`)] : [r];
          const stop = group.find((g) => g.checked) ?? group[0];
          if (stop !== r) return false;
        }
        return el.checkVisibility({ visibilityProperty: true, opacityProperty: false }) && el.getClientRects().length > 0;
      });
    const signature = (el: Element) =>
      [null, '::before', '::after'].map((pseudo) => {
        const s = getComputedStyle(el, pseudo);
        const rendered = pseudo === null || (s.content !== 'none' && s.content !== 'normal' && s.display !== 'none');
        const outline = rendered && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 && !/rgba\(.*, 0\)$|transparent/.test(s.outlineColor);
        const shadow = rendered && s.boxShadow !== 'none';
        return { outline: outline ? `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}` : '', shadow: shadow ? s.boxShadow : '' };
      });
    (window as unknown as { __focus: unknown }).__focus = { tabbable, describe, signature, reached: [] as { el: Element; focused: ReturnType<typeof signature> }[] };
  });
}

/** Presses Tab from the top of the page until focus leaves the document's controls, then compares with the tabbable list. */
async function walkWithTab(page: Page): Promise<FocusReport> {
  await installFocusHelpers(page);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  for (let i = 0; i < 400; i++) {
    await page.keyboard.press('Tab');
    const done = await page.evaluate(() => {
      type Sig = { outline: string; shadow: string }[];
      const f = (window as unknown as { __focus: { signature: (el: Element) => Sig; reached: { el: Element; focused: Sig }[] } }).__focus;
      const a = document.activeElement;
      if (!a || a === document.body || a === document.documentElement) return true;
      if (f.reached.length && f.reached[0]!.el === a) return true;
      f.reached.push({ el: a, focused: f.signature(a) });
      return false;
    });
    if (done) break;
  }
  return page.evaluate(() => {
    type Sig = { outline: string; shadow: string }[];
    const f = (window as unknown as {
      __focus: { tabbable: () => Element[]; describe: (el: Element) => string; signature: (el: Element) => Sig; reached: { el: Element; focused: Sig }[] };
    }).__focus;
    (document.activeElement as HTMLElement | null)?.blur();
    const reachedEls = new Set(f.reached.map((r) => r.el));
    const tabbable = f.tabbable();
    const tabbableSet = new Set(tabbable);
    const noIndicator: string[] = [];
    for (const { el, focused } of f.reached) {
      const visible = focused.some((p) => p.outline || p.shadow);
      const unfocused = f.signature(el);
      if (!visible) noIndicator.push(`${f.describe(el)}: no outline or box-shadow when focused`);
      else if (JSON.stringify(unfocused) === JSON.stringify(focused)) noIndicator.push(`${f.describe(el)}: looks the same focused and unfocused`);
    }
    return {
      missed: tabbable.filter((el) => !reachedEls.has(el)).map(f.describe),
      extra: [...reachedEls].filter((el) => !tabbableSet.has(el)).map(f.describe),
      noIndicator,
      reached: f.reached.length,
    };
  });
}

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
    it(`${t.notFound ? `404 (${t.url})` : t.path}: no CSP violation or console error; Tab reaches every control with a visible focus ring; axe passes with dialogs and menus open`, async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      w.cspConsole.length = 0;
      w.errors.length = 0;
      const response = await page.goto(server.url + t.url, { waitUntil: 'load' });
      expect(response?.status(), t.url).toBe(t.notFound ? 404 : 200);
      // The cookie banner shows 1 s after load with no stored choice; its buttons are part of the page.
      await page.clock.fastForward(BANNER_DELAY_MS);
      await page.waitForSelector('[data-cookie-banner]:not([hidden])', { timeout: 5_000 });

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

      await page.setViewportSize({ width: 360, height: 800 });
      await page.click('.nav-toggle');
      await page.waitForFunction(() => document.querySelector('#nav-panel')?.matches(':popover-open'));
      await settled(page);
      expect(await axeViolations(page), `${t.url} at 360 px with the nav panel open`).toEqual([]);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('#nav-panel')?.matches(':popover-open'));

      const csp = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
      expect([...csp, ...w.cspConsole], `${t.url}: CSP violations`).toEqual([]);
      // The browser reports the 404 document's own status; nothing else may log an error.
      expect(w.errors.filter((e) => !(t.notFound && /Failed to load resource.*404/.test(e))), `${t.url}: console errors`).toEqual([]);
    }, 30_000);
  }
});
