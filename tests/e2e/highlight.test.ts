/**
 * Highlighted code in Chromium, in light and dark colour schemes: axe finds nothing on a page with a
 * highlighted block, on this site (no dark mode: its code blocks stay light in a dark system) and on
 * the site `site init` makes (dark mode by `color-scheme`: its code blocks turn dark with it). Long lines
 * wrap instead of widening a phone's page.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DARK_PALETTE, LIGHT_PALETTE } from '../../generator/content/highlightCss.ts';
import { serveStatic, type StaticServer } from '../../generator/dev/serveStatic.ts';
import { axeViolations } from './axeViolations.ts';
import { buildAndServe, launchBrowser, visitor, type BuiltSite, type Visitor } from './harness.ts';
import { initSiteOutput } from './initSiteOutput.ts';
import { articleSource } from '../unit/helpers/articleSource.ts';

const ARTICLE = articleSource({
  title: 'Generating a deck from a script',
  description: 'Call the deck API from TypeScript and get ten slides in the brand theme.',
  body: [
    'A deck from a script:',
    '',
    '```ts',
    "import { generate, type Deck } from './decks.ts';",
    '',
    '// Ten slides in the brand theme, with speaker notes and a title slide that names the client and the date.',
    'export async function deck(title: string, slides = 10): Promise<Deck> {',
    '  if (title.length < 1 && slides > 0) throw new Error(`No title for ${slides} slides`);',
    '  return generate({ title, slides, theme: "brand", notes: true, link: "https://example.com/decks?id=1&x=2" });',
    '}',
    '```',
    '',
    '```json',
    '{ "slides": 10, "theme": "brand", "notes": true, "owner": null }',
    '```',
  ],
});

let tmp: string;
let site: BuiltSite;
let initServer: StaticServer;
let browser: Browser;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-highlight-e2e-'));
  const content = path.join(tmp, 'content');
  await cp('content', content, { recursive: true });
  await writeFile(path.join(content, 'blog', 'deck-from-a-script.md'), ARTICLE);
  let made: Awaited<ReturnType<typeof initSiteOutput>>;
  // No social images: the pages are what is looked at, not their cards.
  [made, site, browser] = await Promise.all([initSiteOutput(), buildAndServe({ content, socialImages: false }), launchBrowser()]);
  expect(made.init.code, made.init.stderr).toBe(0);
  expect(made.build.code, made.build.stderr).toBe(0);
  initServer = await serveStatic({ dir: made.dir });
});

afterAll(async () => {
  await (await pages)?.close();
  await Promise.all([browser?.close(), site?.close(), initServer?.close()]);
  await rm(tmp, { recursive: true, force: true });
});

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

/** The first highlighted block's background and the colours of its keyword and comment tokens. */
const blockColours = (page: Page) =>
  page.evaluate(() => {
    const pre = document.querySelector('pre.hl')!;
    const colour = (selector: string) => {
      const token = pre.querySelector(selector);
      return token ? getComputedStyle(token).color : null;
    };
    return { background: getComputedStyle(pre).backgroundColor, text: getComputedStyle(pre).color, keyword: colour('.hl-keyword'), comment: colour('.hl-comment') };
  });

/** The file's one page, made `width` wide and navigated from visit to visit (a fresh page each would start a renderer each). */
let pages: Promise<Visitor> | undefined;

async function open(base: string, url: string, colorScheme: 'light' | 'dark', width = 1280): Promise<{ page: Page; errors: string[] }> {
  const { page, visit } = await (pages ??= visitor(browser, { viewport: { width, height: 900 } }));
  await page.setViewportSize({ width, height: 900 });
  const { response, errors } = await visit(`${base}${url}`, colorScheme);
  expect(response?.status()).toBe(200);
  return { page, errors };
}

describe('highlighted code in Chromium', () => {
  it.each(['light', 'dark'] as const)("this site's article (%s system): light code block, axe passes, no console error", async (colorScheme) => {
    const { page, errors } = await open(site.server.url, '/blog/deck-from-a-script', colorScheme);
    expect(await page.locator('pre.hl').count()).toBe(2);
    // This site has no dark mode: its code stays on the light palette, in a dark system too.
    expect(await blockColours(page)).toEqual({
      background: rgb(LIGHT_PALETTE.background),
      text: rgb(LIGHT_PALETTE.foreground),
      keyword: rgb(LIGHT_PALETTE.tokens.keyword),
      comment: rgb(LIGHT_PALETTE.tokens.comment),
    });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('wraps long lines on a phone instead of widening the page', async () => {
    const { page } = await open(site.server.url, '/blog/deck-from-a-script', 'light', 360);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth, pre: [...document.querySelectorAll('pre.hl')].map((p) => p.scrollWidth - p.clientWidth) }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    expect(widths.pre).toEqual([0, 0]);
  });

  it.each([
    ['light', LIGHT_PALETTE],
    ['dark', DARK_PALETTE],
  ] as const)("the site init makes (%s system): code blocks follow its colour scheme, axe passes", async (colorScheme, palette) => {
    const { page, errors } = await open(initServer.url, '/articles/adding-pages', colorScheme);
    expect(await page.locator('pre.hl code.language-ts').count()).toBe(1);
    expect(await blockColours(page)).toMatchObject({ background: rgb(palette.background), text: rgb(palette.foreground), keyword: rgb(palette.tokens.keyword) });
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
