/**
 * `site dev` in Chromium: content edits appear without a manual reload, a
 * broken file shows the overlay (file, field, hint) while the server keeps
 * answering, fixing it clears the overlay, widget edits apply after reload,
 * and a CSS edit swaps the stylesheet without losing form input.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dev, type DevServer } from '../../../generator/dev/dev.ts';
import { launchBrowser } from '../harness.ts';
import { projectCopy } from './projectCopy.ts';

let project: Awaited<ReturnType<typeof projectCopy>>;
let server: DevServer;
let browser: Browser;
const articleFile = () => path.join(project.root, 'content', 'blog', 'ai-trust-presentations.md');
const edit = async (file: string, fn: (s: string) => string) => writeFile(file, fn(await readFile(file, 'utf8')));

beforeAll(async () => {
  project = await projectCopy();
  [server, browser] = await Promise.all([dev({ root: project.root, port: 0, backend: false, log: () => {} }), launchBrowser()]);
});
afterEach(async () => {
  await (await shared)?.goto('about:blank');
});
afterAll(async () => {
  await (await shared)?.close();
  await browser?.close();
  await server?.close();
  await project?.remove();
});

/**
 * The file's one page, navigated to `url` (a fresh page each would start a renderer each), and left for
 * about:blank after each test, as closed: no live reload of a page left open answers the next test's edits.
 */
let shared: Promise<Page> | undefined;
async function open(url: string): Promise<Page> {
  const page = await (shared ??= browser.newPage());
  await page.goto(server.url + url);
  return page;
}

describe('site dev', () => {
  it('shows a markdown edit in the open page without a manual reload', async () => {
    const page = await open('/blog/ai-trust-presentations');
    await edit(articleFile(), (s) => `${s}\n\nA freshly written closing line.\n`);
    await expect.poll(() => page.locator('.prose').textContent(), { timeout: 10_000 }).toContain('A freshly written closing line.');
  });

  it('shows an overlay naming the file and field for broken front matter, keeps serving, and recovers', async () => {
    const page = await open('/blog/ai-trust-presentations');
    const original = await readFile(articleFile(), 'utf8');
    await writeFile(articleFile(), original.replace(/^category: .*$/m, 'category: "Gossip"'));
    const overlayText = () => page.evaluate(() => document.querySelector('[data-site-overlay]')?.textContent ?? '');
    await expect.poll(overlayText, { timeout: 10_000 }).toContain('blog/ai-trust-presentations.md');
    const text = await overlayText();
    expect(text).toContain('category');
    expect(text).toContain('Hint:');
    const res = await fetch(`${server.url}/pricing`);
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('Content field is invalid');
    await writeFile(articleFile(), original.replace('## ', '## Recovered heading\n\n## '));
    await expect.poll(() => page.locator('[data-site-overlay]').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => page.locator('h2#recovered-heading').count(), { timeout: 10_000 }).toBe(1);
    expect((await fetch(`${server.url}/pricing`)).status).toBe(200);
  });

  it('serves the search index from the content: a word just added to an article finds it on /blog', async () => {
    await edit(articleFile(), (s) => `${s}\n\nA capybara reviews this deck.\n`);
    await server.settled();
    const page = await open('/blog');
    await page.locator('[data-island="BlogSearch"][data-hydrated]').waitFor({ state: 'attached' });
    await page.locator('#blog-search').pressSequentially('capyb');
    await expect.poll(() => page.locator('[data-search-status]').textContent(), { timeout: 10_000 }).toBe('1 article matches "capyb"');
    expect(await page.getAttribute('[data-search-results] a', 'href')).toBe('/blog/ai-trust-presentations');
  });

  it('applies a template edit (fresh module graph) and a widget edit after reload', async () => {
    const page = await open('/');
    await edit(path.join(project.root, 'templates', 'Footer.tsx'), (s) => s.replace('<footer', '<footer data-edited="yes"'));
    await expect.poll(() => page.locator('footer[data-edited="yes"]').count(), { timeout: 15_000 }).toBe(1);
    await edit(path.join(project.root, 'widgets', 'islands', 'NotFoundLog.ts'), (s) =>
      s.replace("console.warn('404 Error", "console.warn('EDITED 404 Error"),
    );
    await server.settled();
    await page.goto('about:blank');
    const fresh = await browser.newPage();
    const logs: string[] = [];
    fresh.on('console', (m) => logs.push(m.text()));
    await fresh.goto(`${server.url}/missing-page`);
    await expect.poll(() => logs.join('\n'), { timeout: 10_000 }).toContain('EDITED 404 Error');
    await fresh.close();
  });

  it('swaps the stylesheet on a CSS edit without losing form input', async () => {
    const page = await open('/auth');
    await page.fill('#auth-email', 'typed@example.com');
    await edit(path.join(project.root, 'templates', 'styles', 'tokens.css'), (s) => s.replace('--color-bg: #ffffff;', '--color-bg: #fefce8;'));
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor), { timeout: 10_000 })
      .toBe('rgb(254, 252, 232)');
    expect(await page.inputValue('#auth-email')).toBe('typed@example.com');
  });
});
