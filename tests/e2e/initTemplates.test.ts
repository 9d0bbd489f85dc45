/**
 * The docs and marketing starters (`site init --template`), made and built in this process (what
 * `site init --template` and `site build` do, without their processes; no social images) and opened in
 * Chromium: their pages pass axe-core in light and dark colour schemes with no console error, and the
 * docs' search box (the Search island, loaded when the reader first uses it) finds a page by a word of
 * its text from the index the build wrote.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../generator/dev/serveStatic.ts';
import { initSite } from '../../generator/init/initSite.ts';
import { buildHere } from '../integration/buildHere.ts';
import { axeViolations } from './axeViolations.ts';
import { launchBrowser, visitor, type Visitor } from './harness.ts';

let tmp: string;
let server: StaticServer;
let marketing: StaticServer;
let browser: Browser;

/** The starter made and built in the temporary folder: its dist/ served. */
async function served(template: string): Promise<StaticServer> {
  const made = await initSite(path.join(tmp, template), { template });
  expect(made.template).toBe(template);
  const dir = made.dir;
  const build = await buildHere({ root: dir, backend: { url: 'https://launch.supabase.example', anonKey: 'anon-key' } });
  expect(build.code, build.stderr).toBe(0);
  return serveStatic({ dir: path.join(dir, 'dist') });
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-templates-e2e-'));
  [server, marketing, browser] = await Promise.all([served('docs'), served('marketing'), launchBrowser()]);
});

afterAll(async () => {
  await (await pages)?.close();
  await Promise.all([browser?.close(), server?.close(), marketing?.close()]);
  await rm(tmp, { recursive: true, force: true });
});

/** One page for every address in both colour schemes: a fresh page each would start a renderer each. */
let pages: Promise<Visitor> | undefined;

/** axe's violations and the console's errors of a page, in each colour scheme. */
async function checked(url: string): Promise<{ violations: string[]; errors: string[] }> {
  const violations: string[] = [];
  const errors: string[] = [];
  const { page, visit } = await (pages ??= visitor(browser));
  for (const colorScheme of ['light', 'dark'] as const) {
    const { response, errors: seen } = await visit(url, colorScheme);
    expect(response?.status()).toBe(200);
    violations.push(...(await axeViolations(page)).map((v) => `${colorScheme}: ${v}`));
    errors.push(...seen);
  }
  return { violations, errors };
}

describe('the marketing starter, in Chromium', () => {
  it.each(['/', '/privacy'])('%s: axe passes in light and dark, no console error', async (url) => {
    expect(await checked(`${marketing.url}${url}`)).toEqual({ violations: [], errors: [] });
  });
});

describe('the docs starter, in Chromium', () => {
  it.each(['/', '/docs/guides/linking'])('%s: axe passes in light and dark, no console error', async (url) => {
    expect(await checked(`${server.url}${url}`)).toEqual({ violations: [], errors: [] });
  });

  it('finds a page by a word of its text with the search box', async () => {
    // The file's one page: the search needs no fresh storage.
    const { page, visit } = await (pages ??= visitor(browser));
    const { errors } = await visit(`${server.url}/docs/getting-started/introduction`);
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.click();
    await page.locator('[data-island="Search"][data-hydrated]').waitFor();
    await box.fill('anchor');
    const result = page.locator('[data-search-results]').getByRole('link', { name: 'Linking pages' });
    await result.waitFor();
    await result.click();
    await page.waitForURL(`${server.url}/docs/guides/linking`);
    await box.fill('zzzz');
    await expect.poll(() => page.locator('[data-search-results]').textContent()).toBe('No page has these words.');
    expect(errors).toEqual([]);
  });
});
