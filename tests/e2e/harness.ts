/**
 * Shared end-to-end harness: serves a built site like a static host on
 * 127.0.0.1 and drives Debian's Chromium (its headless shell: scripts/chromium.ts)
 * through playwright-core. A file that only reads this site's default output
 * serves the one build of the run (serveThisSite, tests/helpers/sharedBuild.ts);
 * one with options of its own builds into a temporary folder (buildAndServe). A
 * file that checks page after page navigates one page (visitor): a fresh page
 * starts a renderer, several times the processor time of a visit.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Response } from 'playwright-core';
import { build, type BuildResult } from '../../generator/build.ts';
import type { SiteOptions } from '../../generator/config.ts';
import { serveStatic, type StaticServer } from '../../generator/dev/serveStatic.ts';
import { chromiumArgs, headlessPath } from '../../scripts/chromium.ts';
import { thisSite, type SharedBuild } from '../helpers/sharedBuild.ts';

let launched: Promise<Browser> | undefined;

/**
 * Chromium for one test file: the process's one browser (a launch and its first page cost about 3.5 s of
 * processor time; a context, 0.5 s), lent as a `Browser` whose `close()` closes the contexts and pages the
 * file opened through it, and leaves the browser running for the next file of the process. Each file's
 * contexts are its own (storage, cookies, routes, clock), as with a browser of its own. A browser that
 * crashed or was closed is launched again; Playwright ends it when the process exits.
 */
export async function launchBrowser(): Promise<Browser> {
  const running = launched && (await launched.catch(() => undefined));
  if (!running?.isConnected()) launched = chromium.launch({ executablePath: headlessPath, headless: true, args: chromiumArgs });
  return lent(await launched!);
}

/** `browser` lent to one file: what it opens through the loan is closed when it closes the loan. */
function lent(browser: Browser): Browser {
  const opened = new Set<BrowserContext>();
  const loan: Partial<Browser> = {
    newContext: async (options) => {
      const context = await browser.newContext(options);
      opened.add(context);
      return context;
    },
    newPage: async (options) => {
      const page = await browser.newPage(options);
      opened.add(page.context());
      return page;
    },
    contexts: () => browser.contexts().filter((c) => opened.has(c)),
    close: async () => {
      await Promise.all([...opened].map((c) => c.close().catch(() => undefined)));
      opened.clear();
    },
  };
  return new Proxy(browser, {
    get: (target, key) => {
      if (Object.hasOwn(loan, key)) return loan[key as keyof Browser];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A built site served on 127.0.0.1. */
export interface ServedSite {
  dir: string;
  server: StaticServer;
  /** Its route table's paths, output files and titles. */
  routes: SharedBuild['routes'];
  close(): Promise<void>;
}

export interface BuiltSite extends ServedSite {
  result: BuildResult;
}

/** This site with no backend, built once per run and served by this file (read-only). */
export async function serveThisSite(): Promise<ServedSite> {
  const { dir, routes } = await thisSite();
  const server = await serveStatic({ dir });
  return { dir, server, routes, close: () => server.close() };
}

/** Builds the site (real content unless options say otherwise) and serves it. */
export async function buildAndServe(options: SiteOptions = {}): Promise<BuiltSite> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-e2e-'));
  const out = path.join(dir, 'dist');
  // A cache of its own: test files build at the same time, and one build prunes what its content no longer uses.
  const result = await build({ backend: null, log: () => {}, cacheDir: path.join(dir, 'cache'), ...options, out });
  const server = await serveStatic({ dir: out });
  return {
    dir: out,
    server,
    result,
    routes: result.routes.map((r) => ({ path: r.path, file: r.file, title: r.title })),
    close: async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Collects console errors and uncaught page errors for a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** One page that visits address after address, each visit's console errors and CSP violations recorded from its first script on. */
export interface Visitor {
  page: Page;
  /**
   * Loads `url` (to `load`) in the light or dark colour scheme (the page's own when not given). `errors` is
   * this visit's, and keeps collecting until the next visit.
   */
  visit(url: string, colorScheme?: 'light' | 'dark'): Promise<{ response: Response | null; errors: string[] }>;
  close(): Promise<void>;
}

/** A page of `browser` with `options` (viewport, colour scheme...) for visiting address after address. */
export async function visitor(browser: Browser, options: BrowserContextOptions = {}): Promise<Visitor> {
  const page = await browser.newPage(options);
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'}`));
  });
  return {
    page,
    visit: async (url, colorScheme) => {
      if (colorScheme) await page.emulateMedia({ colorScheme });
      errors.length = 0;
      const response = await page.goto(url, { waitUntil: 'load' });
      return { response, errors };
    },
    close: () => page.close(),
  };
}
