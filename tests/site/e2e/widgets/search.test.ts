/**
 * The blog search over every article, in Chromium, on a site of 300 generated articles (built without
 * social images, which nothing here reads): a word found
 * only in the body of the oldest article finds it (accents, case and an unfinished last word too); the
 * index and its reader are downloaded only once the visitor searches; no CSP violation; and without
 * JavaScript the form still lands on a working /blog.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildAndServe, launchBrowser, type BuiltSite } from '../../../e2e/harness.ts';
import { generateArticles } from '../../../../scripts/generateArticles.ts';
import { expectClean, finish, hydrated, open, revisit, type Env, type Session } from './helpers.ts';

/** In the oldest article's body only. */
const WORD = 'zéphyrine';
const OLDEST = 'bench-00000';

let tmp: string;
let env: Env;
let site: BuiltSite;
let browser: Browser;
/** The file's one page with JavaScript on; each test starts from revisit, as a fresh context would. */
let s: Session;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-search-e2e-'));
  const content = path.join(tmp, 'content');
  await cp('content', content, { recursive: true });
  await generateArticles(content, 300);
  const file = path.join(content, 'blog', `${OLDEST}.md`);
  const text = (await readFile(file, 'utf8')).replace(/^date: .*$/m, 'date: "2019-01-01"');
  await writeFile(file, `${text}\nThe ${WORD} wind carries the last slide.\n`);
  [site, browser] = await Promise.all([buildAndServe({ content, socialImages: false }), launchBrowser()]);
  env = { site, browser, backend: null, url: (p) => site.server.url + p, close: async () => {} };
  s = await open(env);
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await site?.close();
  await rm(tmp, { recursive: true, force: true });
});

const results = (page: import('playwright-core').Page) =>
  page.$$eval('[data-search-results] > li', (els) =>
    els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => ({ href: e.querySelector('a')!.getAttribute('href'), title: e.querySelector('a')!.textContent })),
  );

describe('blog search over every article', () => {
  it('the oldest article is last in the blog, and its word is in no title or description', () => {
    const posts = site.result.content.collections.posts as { slug: string; title: string; description: string }[];
    expect(posts).toHaveLength(307);
    expect(posts.at(-1)!.slug).toBe(OLDEST);
    expect(posts.some((p) => `${p.title} ${p.description}`.toLowerCase().includes('zephyr'))).toBe(false);
  });

  it('finds the oldest article by a word of its body, loading the index only when the visitor searches', async () => {
    await revisit(env, s);
    const { page } = s;
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(env.url('/blog'));
    await hydrated(page, 'BlogSearch');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((p) => p.includes('search') || p.includes('blogResults'))).toEqual([]);
    expect(await page.isVisible('[data-blog-cards]')).toBe(true);

    await page.locator('#blog-search').pressSequentially('ZEPHYR');
    await page.waitForFunction(() => document.querySelector('[data-search-status]')?.textContent?.startsWith('1 '));
    const oldest = (site.result.content.collections.posts as { slug: string; title: string }[]).at(-1)!;
    expect(await results(page)).toEqual([{ href: `/blog/${OLDEST}`, title: oldest.title }]);
    expect(await page.textContent('[data-search-status]')).toBe('1 article matches "ZEPHYR"');
    expect(await page.getAttribute('[data-search-status]', 'role')).toBe('status');
    expect(await page.isVisible('[data-blog-cards]')).toBe(false);
    expect(new URL(page.url()).searchParams.get('q')).toBe('ZEPHYR');
    expect(requested.some((p) => p === '/search/index.json')).toBe(true);

    // Following the result opens the article.
    await page.click(`[data-search-results] a[href="/blog/${OLDEST}"]`);
    await page.waitForURL(env.url(`/blog/${OLDEST}`));
    expect(await page.textContent('main')).toContain(WORD);
    expectClean(s);
  });

  it('/blog?q= searches at once; words are ANDed; clearing the field brings the cards back', async () => {
    await revisit(env, s);
    const { page } = s;
    await page.goto(env.url(`/blog?q=${encodeURIComponent(`wind ${WORD}`)}`));
    await page.waitForFunction(() => document.querySelector('[data-search-status]')?.textContent?.startsWith('1 '));
    expect((await results(page)).map((r) => r.href)).toEqual([`/blog/${OLDEST}`]);

    await page.fill('#blog-search', 'zephyrine quokka');
    await page.waitForFunction(() => document.querySelector('[data-search-status]')?.textContent?.startsWith('0 '));
    expect(await page.isVisible('[data-blog-empty]')).toBe(true);

    // A common word: the first page of results and a "Show more" that adds the next.
    await page.fill('#blog-search', 'brand');
    await page.waitForFunction(() => /^\d{3} articles match/.test(document.querySelector('[data-search-status]')?.textContent ?? ''));
    expect(await results(page)).toHaveLength(24);
    await page.click('[data-search-more]');
    await page.waitForFunction(() => document.querySelectorAll('[data-search-results] > li').length === 48);

    await page.fill('#blog-search', '');
    await page.waitForFunction(() => !document.querySelector('[data-blog-cards]')!.hasAttribute('hidden'));
    expect(await page.isVisible('[data-search-results]')).toBe(false);
    expect(await page.textContent('[data-search-status]')).toBe('');
    expect(new URL(page.url()).search).toBe('');
    expectClean(s);
  });

  it('without JavaScript the form is a GET to /blog that lists the articles', async () => {
    const noScript = await open(env, { javaScriptEnabled: false });
    const { page } = noScript;
    await page.goto(env.url('/blog'));
    await page.fill('#blog-search', WORD);
    await Promise.all([page.waitForURL((u) => u.pathname === '/blog' && u.searchParams.get('q') === WORD), page.press('#blog-search', 'Enter')]);
    expect(await page.locator('[data-blog-cards] > li').count()).toBeGreaterThan(0);
    expect(await page.isVisible('[data-blog-cards]')).toBe(true);
    await finish(noScript);
  });
});
