/**
 * Shared setup of the island end-to-end tests: the real site built against
 * an embedded backend (or none), served on 127.0.0.1, driven in Chromium.
 *
 * Every browser context goes through one network gate: 127.0.0.1 and
 * localhost pass; the analytics host and the video host are answered here
 * (an empty script, an empty page) and counted; everything else is aborted
 * and recorded, so nothing ever leaves the machine. Every page also records
 * its console errors, uncaught exceptions and CSP violations.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startTestBackend } from '../../../../generator/backend/testBackend.ts';
import type { RunningBackend, StartBackendOptions } from '../../../../generator/backend/startBackend.ts';
import { buildAndServe, launchBrowser, serveThisSite, type ServedSite } from '../../../e2e/harness.ts';

export const ANALYTICS_HOST = 'www.googletagmanager.com';
export const VIDEO_HOST = 'www.youtube-nocookie.com';
export const PASSWORD = 'correct horse';
const DEFAULT_VIEWPORT = { width: 1280, height: 800 };

export interface Env {
  site: ServedSite;
  browser: Browser;
  backend: RunningBackend | null;
  url(path: string): string;
  close(): Promise<void>;
}

/**
 * Starts the backend (startTestBackend: in memory unless `backend` passes a
 * dataDir; `false` for none), builds the site against it (without social images) and launches
 * Chromium, in parallel where the order allows. Without a backend the site is the run's one build of it (serveThisSite).
 */
export async function setup(options: { backend?: StartBackendOptions | false } = {}): Promise<Env> {
  const browserStarting = launchBrowser();
  const backend = options.backend === false ? null : await startTestBackend(options.backend ?? {});
  const [site, browser] = await Promise.all([
    // The islands hold the publishable key, as `site dev` hands it to them (the legacy anon key works too).
    // No social images: no island reads them, and drawing them is most of the build.
    backend ? buildAndServe({ backend: { url: backend.apiUrl, anonKey: backend.publishableKey }, socialImages: false }) : serveThisSite(),
    browserStarting,
  ]);
  return {
    site,
    browser,
    backend,
    url: (p) => site.server.url + p,
    async close() {
      await browser.close();
      await site.close();
      await backend?.close();
    },
  };
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** console.error messages and uncaught exceptions, in order. */
  errors: string[];
  /** console.warn messages. */
  warnings: string[];
  /** securitypolicyviolation events ("directive blockedURI"). */
  csp: string[];
  /** URLs requested from the analytics host. */
  analytics: string[];
  /** URLs requested from the video host. */
  video: string[];
  /** Non-local URLs that were aborted. */
  blocked: string[];
}

const isLocal = (host: string) => host === '127.0.0.1' || host === 'localhost' || host === '[::1]';

/**
 * A fresh context (own storage) with the network gate and the error watchers, and one page in it.
 * Its pages start with a stored cookie choice ("declined"), so the banner, fixed over the page and
 * shown 1 s after load, cannot appear between Playwright's hit check and its click and take a click
 * meant for a button under it (Sign In on /auth, Watch Demo, Contact Sales); `cookieBanner: true`
 * leaves the choice unmade, for the tests of the banner itself.
 */
export async function open(env: Env, options: BrowserContextOptions = {}, { cookieBanner = false } = {}): Promise<Session> {
  const context = await env.browser.newContext({ viewport: DEFAULT_VIEWPORT, ...options });
  if (!cookieBanner) {
    // Init scripts run in every frame: the video's sandboxed frame has no storage to touch.
    await context.addInitScript(() => {
      if (window === window.top && localStorage.getItem('cookie-consent') === null) localStorage.setItem('cookie-consent', 'declined');
    });
  }
  const s: Omit<Session, 'page'> = { context, errors: [], warnings: [], csp: [], analytics: [], video: [], blocked: [] };
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || isLocal(url.hostname)) return route.continue();
    if (url.hostname === ANALYTICS_HOST) {
      s.analytics.push(url.href);
      return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    }
    if (url.hostname === VIDEO_HOST) {
      s.video.push(url.href);
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>video</title>' });
    }
    s.blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
  await context.exposeBinding('__reportCsp', (_source, line: string) => void s.csp.push(line));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp(l: string): void }).__reportCsp(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const page = await context.newPage();
  // Below the test's own timeout, so a step that never happens fails naming its locator.
  page.setDefaultTimeout(45_000);
  page.on('console', (m) => {
    if (m.type() === 'error') s.errors.push(m.text());
    if (m.type() === 'warning') s.warnings.push(m.text());
  });
  page.on('pageerror', (e) => s.errors.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => {
    s.errors.push(`unexpected ${d.type()} dialog: ${d.message()}`);
    void d.dismiss();
  });
  return { ...s, page };
}

/**
 * Makes a used session a new visitor again, as a fresh context would be, for a fraction of the
 * processor time (a new page starts a renderer; the same page navigating reuses it): the page
 * leaves for about:blank, everything the site's origin stored is cleared (local and session
 * storage, cookies, IndexedDB, caches), the routes the page was given are dropped, the watchers'
 * records are emptied, and the viewport and reduced motion are set as asked. The context's network
 * gate, its stored cookie choice (made again at the next load) and an installed clock stay, so a
 * test that needs its own clock or context options has a session of its own.
 */
export async function revisit(env: Env, s: Session, { viewport = DEFAULT_VIEWPORT, reducedMotion = 'no-preference' as 'reduce' | 'no-preference' } = {}): Promise<void> {
  const { page } = s;
  const origin = new URL(env.url('/')).origin;
  if (page.url().startsWith(origin)) await page.evaluate(() => sessionStorage.clear());
  await page.unrouteAll({ behavior: 'wait' });
  await page.goto('about:blank');
  await s.context.clearCookies();
  const cdp = await s.context.newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  } finally {
    await cdp.detach();
  }
  await page.setViewportSize(viewport);
  await page.emulateMedia({ reducedMotion });
  for (const list of [s.errors, s.warnings, s.csp, s.analytics, s.video, s.blocked]) list.length = 0;
}

/**
 * No console errors except those matching `expected` (each pattern must
 * match at least one error), no CSP violation, nothing tried to leave the machine.
 */
export function expectClean(s: Session, expected: RegExp[] = []): void {
  expect(s.errors.filter((e) => !expected.some((r) => r.test(e)))).toEqual([]);
  for (const r of expected) expect(s.errors.some((e) => r.test(e)), `an error matching ${r}`).toBe(true);
  expect(s.csp).toEqual([]);
  expect(s.blocked).toEqual([]);
}

/** Closes the context after checking it stayed clean. */
export async function finish(s: Session, expected: RegExp[] = []): Promise<void> {
  try {
    expectClean(s, expected);
  } finally {
    await s.context.close();
  }
}

/** Signs up on /auth as a visitor does: the form switched to sign-up, email and password typed, Sign Up pressed. */
export async function signUpOnAuthPage(env: Env, page: Page, email: string): Promise<void> {
  await page.goto(env.url('/auth'));
  await hydrated(page, 'AuthForm');
  await page.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await page.fill('#auth-email', email);
  await page.fill('#auth-password', PASSWORD);
  await page.locator('#auth-root').getByRole('button', { name: 'Sign Up', exact: true }).click();
}

/** Waits until the island `name` has mounted (the loader marks it data-hydrated). */
export async function hydrated(page: Page, name: string): Promise<void> {
  await page.locator(`[data-island="${name}"][data-hydrated]`).first().waitFor({ state: 'attached' });
}

/** The toast with this title; asserts its description and variant when given. */
export async function expectToast(page: Page, title: string, description?: string, variant: 'default' | 'destructive' = 'default'): Promise<void> {
  const item = page.locator('#toaster .toast').filter({ has: page.locator('.toast-title', { hasText: new RegExp(`^${escape(title)}$`) }) });
  await item.first().waitFor();
  if (description !== undefined) expect(await item.first().locator('.toast-description').textContent()).toBe(description);
  expect(await item.first().getAttribute('class')).toContain(`toast-${variant}`);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Titles of the toasts shown now. */
export const toastTitles = (page: Page) => page.locator('#toaster .toast-title').allTextContents();

/** Empties tables as the database owner (the API cannot), between tests sharing a backend. */
export async function truncate(backend: RunningBackend, ...tables: string[]): Promise<void> {
  await backend.db.exec(`truncate ${tables.map((t) => `public.${t}`).join(', ')} cascade`);
}

export async function rows<T = Record<string, unknown>>(backend: RunningBackend, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await backend.db.query<T>(sql, params)).rows;
}

/** Whether a <dialog> is open. */
export const dialogOpen = (page: Page, id: string) => page.locator(`#${id}`).evaluate((d) => (d as HTMLDialogElement).open);

let counter = 0;
/** A unique address per call. */
export function uniqueEmail(prefix = 'visitor'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}@example.com`;
}

/**
 * Holds matching requests until `release()` is called, so a test can look at
 * the in-between state (a disabled form, "Loading..."); `seen` resolves when
 * the first one arrives.
 */
export async function holdRequests(page: Page, pattern: string | RegExp, method?: string): Promise<{ seen: Promise<void>; release(): void }> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let arrived!: () => void;
  const seen = new Promise<void>((r) => (arrived = r));
  await page.route(pattern, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    arrived();
    await released;
    await route.fallback();
  });
  return { seen, release };
}
