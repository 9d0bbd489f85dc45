/**
 * Shared end-to-end harness: builds the real site once per test file into a
 * temporary folder, serves it like a static host on 127.0.0.1, and drives
 * Debian's Chromium through playwright-core.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, type BuildResult } from '../../generator/build.ts';
import type { SiteOptions } from '../../generator/config.ts';
import { serveStatic, type StaticServer } from '../../generator/dev/serveStatic.ts';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';

export { chromiumArgs, chromiumPath } from '../../scripts/chromium.ts';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

export interface BuiltSite {
  dir: string;
  server: StaticServer;
  result: BuildResult;
  close(): Promise<void>;
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
