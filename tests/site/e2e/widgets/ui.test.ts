/**
 * The islands that need no backend: both dialogs by keyboard alone, the demo
 * video iframe that exists only while its dialog is open, the typing effect
 * on a controlled clock (and not at all with reduced motion), the blog
 * search, and the 404 log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { dialogOpen, expectClean, finish, hydrated, open, revisit, setup, type Env, type Session } from './helpers.ts';
import type { Content } from '../../../../templates/collections.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { searchWords } from '../../../../generator/islands/searchWords.ts';
import { bodyWords } from '../../../../generator/search/bodyWords.ts';
import { renderMarkdown } from '../../../../generator/content/markdown.ts';
import { loadContent, parseMarkdownFile } from '../../../../generator/content/load.ts';
import { BlogFrontMatter } from '../../../../templates/schemas.ts';
import { markdownRenderer } from '../../../../generator/content/markdownRenderer.ts';
import site from '../../../../site.config.ts';

let env: Env;
/** The file's one page; each test starts from revisit, as a fresh context would (the typing effect's clock has a page of its own). */
let s: Session;
/** The site's content, as its build read it. */
let content: Content;
beforeAll(async () => {
  [env, content] = await Promise.all([
    setup({ backend: false }),
    loadContent(path.resolve('content'), site.collections, await markdownRenderer()).then((c) => c.collections as Content),
  ]);
  s = await open(env);
});
afterAll(async () => {
  await env?.close();
});

/** Presses Tab until `selector` has focus (a visitor without a mouse); fails after `max` presses. */
async function tabTo(page: Page, selector: string, max = 150): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector)) return;
  }
  throw new Error(`${selector} never got focus after ${max} Tab presses`);
}

const focusInside = (page: Page, id: string) => page.evaluate((i) => document.activeElement?.closest(`#${i}`) !== null, id);

/**
 * Tab `presses` times inside an open modal dialog: focus is inside it, or
 * (past its last or first control) it has left the document for the
 * browser's own UI, as native modal dialogs allow; it never reaches the page
 * behind, and the next press brings it back. Focus passing through the
 * cross-origin video iframe settles asynchronously, hence `settle`.
 */
async function expectTabTrapped(page: Page, id: string, presses: number, shift = false): Promise<Set<string>> {
  const visited = new Set<string>();
  const state = () =>
    page.evaluate((d) => {
      const a = document.activeElement as HTMLElement | null;
      return { inside: a?.closest(`#${d}`) !== null, documentFocused: document.hasFocus(), active: a?.id || a?.getAttribute('aria-label') || a?.textContent?.trim() || a?.tagName || '' };
    }, id);
  type State = Awaited<ReturnType<typeof state>>;
  /** Waits (up to 3 s) for `ok`, then until the same state is read three times, 50 ms apart. */
  const settle = async (ok: (st: State) => boolean): Promise<State> => {
    let st = await state();
    for (let waited = 0; !ok(st) && waited < 3000; waited += 50) {
      await page.waitForTimeout(50);
      st = await state();
    }
    for (let same = 0, tries = 0; same < 2 && tries < 40; tries++) {
      await page.waitForTimeout(50);
      const next = await state();
      same = JSON.stringify(next) === JSON.stringify(st) ? same + 1 : 0;
      st = next;
    }
    return st;
  };
  let outsideBefore = false;
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    const where = `${id} after ${i + 1} ${shift ? 'Shift+Tab' : 'Tab'}`;
    const st = await settle(outsideBefore ? (x) => x.inside : (x) => x.inside || !x.documentFocused);
    expect(st.inside || !st.documentFocused, `${where}: focus on ${st.active.slice(0, 60)} behind the dialog`).toBe(true);
    expect(outsideBefore && !st.inside, `${where}: focus did not come back`).toBe(false);
    outsideBefore = !st.inside;
    if (st.inside) visited.add(st.active);
  }
  return visited;
}

describe('dialogs by keyboard', () => {
  it('contact and demo: Tab to the opener, Enter opens, focus inside and kept there, Escape closes, focus back on the opener', async () => {
    await revisit(env, s);
    const { page } = s;
    await page.goto(env.url('/'));

    const dialogs = [
      { id: 'contact-dialog', opener: 'footer button[commandfor="contact-dialog"]' },
      { id: 'demo-dialog', opener: 'main button[commandfor="demo-dialog"]' },
    ];
    for (const { id, opener } of dialogs) {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await tabTo(page, opener);
      await page.keyboard.press('Enter');
      expect(await dialogOpen(page, id), id).toBe(true);
      expect(await focusInside(page, id), id).toBe(true);
      if (id === 'demo-dialog') {
        // The video iframe (answered locally) has loaded before the focus walk through it.
        await hydrated(page, 'DemoVideo');
        await expect.poll(() => page.frames().some((f) => f.url().startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
        await page.frames().find((f) => f.url().startsWith('https://www.youtube-nocookie.com/'))!.waitForLoadState('load');
      }
      const forward = await expectTabTrapped(page, id, 9);
      const backward = await expectTabTrapped(page, id, 9, true);
      // Every control of the dialog is reached both ways.
      const controls = id === 'contact-dialog' ? ['Close', 'contact-name', 'contact-email', 'contact-company', 'contact-message', 'Send Message'] : ['Close video'];
      expect([...forward].sort()).toEqual([...controls].sort());
      expect([...backward].sort()).toEqual([...controls].sort());
      await page.keyboard.press('Escape');
      expect(await dialogOpen(page, id), id).toBe(false);
      expect(await page.evaluate((sel) => document.activeElement?.matches(sel), opener), id).toBe(true);
    }
    expectClean(s);
  });
});

describe('Watch Demo', () => {
  it('has no iframe until the dialog opens; opening creates it, closing removes it', async () => {
    await revisit(env, s);
    const { page } = s;
    await page.goto(env.url('/'));
    await hydrated(page, 'DemoVideo');
    const frame = page.locator('#demo-dialog .video-frame iframe');
    expect(await frame.count()).toBe(0);
    expect(s.video).toEqual([]);

    const videoUrl = content.site.demoVideoUrl;
    let opened = 0;
    for (const close of ['button', 'Escape'] as const) {
      await page.locator('main').getByRole('button', { name: 'Watch Demo' }).click();
      expect(await dialogOpen(page, 'demo-dialog')).toBe(true);
      await frame.waitFor({ state: 'attached' });
      expect(await frame.count()).toBe(1);
      expect(await frame.getAttribute('src')).toBe(videoUrl);
      expect(await frame.getAttribute('title')).toBeTruthy();
      await expect.poll(() => s.video.length).toBe(++opened);
      if (close === 'button') await page.locator('#demo-dialog button[command="close"]').click();
      else await page.keyboard.press('Escape');
      expect(await dialogOpen(page, 'demo-dialog')).toBe(false);
      await expect.poll(() => frame.count()).toBe(0);
    }
    // Each opening loaded the (locally answered) video page once; nothing else reached the host.
    expect(s.video).toEqual([videoUrl, videoUrl]);
    expectClean(s);
  });
});

describe('typing effect', () => {
  const prompt = () => content.pages.home.examples.prompt;
  const text = (page: Page) => page.locator('[data-typing]').evaluate((e) => e.textContent);

  it('types n characters after 30·n ms once visible; with reduced motion the whole prompt shows at once', async () => {
    const full = prompt();
    expect(full.length).toBeGreaterThan(60);
    const clocked = await open(env);
    const { page } = clocked;
    const t0 = new Date('2025-11-03T09:00:00Z');
    await page.clock.install({ time: t0 });
    await page.clock.pauseAt(t0.getTime() + 3_600_000);
    await page.goto(env.url('/'));
    // Not yet visible: not started, the server text stays whole.
    await page.clock.runFor(2000);
    expect(await page.locator('[data-island="TypingEffect"][data-hydrated]').count()).toBe(0);
    expect(await text(page)).toBe(full);

    await page.locator('[data-typing]').scrollIntoViewIfNeeded();
    await hydrated(page, 'TypingEffect');
    expect(await text(page)).toBe('');
    expect(await page.getAttribute('[data-typing]', 'aria-label')).toBe(full);
    let elapsed = 0;
    for (const n of [1, 2, 10, 40, full.length]) {
      await page.clock.runFor(30 * n - 1 - elapsed);
      expect(await text(page), `at ${30 * n - 1} ms`).toBe(full.slice(0, n - 1));
      await page.clock.runFor(1);
      expect(await text(page), `at ${30 * n} ms`).toBe(full.slice(0, n));
      elapsed = 30 * n;
    }
    await page.clock.runFor(1000);
    expect(await text(page)).toBe(full);
    expect(await page.locator('[data-typing-active]').count()).toBe(0);
    await finish(clocked);

    await revisit(env, s, { reducedMotion: 'reduce' });
    const r = s;
    await r.page.goto(env.url('/'));
    await r.page.locator('[data-typing]').scrollIntoViewIfNeeded();
    await hydrated(r.page, 'TypingEffect');
    expect(await text(r.page)).toBe(full);
    expect(await r.page.locator('[data-typing-active]').count()).toBe(0);
    await r.page.waitForTimeout(100);
    expect(await text(r.page)).toBe(full);
    expectClean(r);
  });
});

describe('blog search', () => {
  const resultSlugs = (page: Page) =>
    page.$$eval('[data-search-results] > li a', (els) =>
      els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getAttribute('href')!.replace('/blog/', '')),
    );
  /** The articles with every word of `q` (the last one as a start) in their title, description or text, in blog order. */
  const expected = (q: string) => {
    const words = searchWords(q);
    return content.posts
      .filter((p) => {
        const own = new Set([
          ...searchWords(`${p.title} ${p.description}`),
          ...bodyWords(renderMarkdown(parseMarkdownFile(p.file, readFileSync(path.join('content', p.file), 'utf8'), BlogFrontMatter).body).html).split(' '),
        ]);
        return words.every((w, i) => own.has(w) || (i === words.length - 1 && [...own].some((o) => o.startsWith(w))));
      })
      .map((p) => p.slug);
  };
  const status = (page: Page, text: string) => page.waitForFunction((t) => document.querySelector('[data-search-status]')?.textContent === t, text);

  it('/blog?q=canva lists the matching articles in place of the cards; typing searches live and keeps ?q= in the URL', async () => {
    await revisit(env, s);
    const { page } = s;
    await page.goto(env.url('/blog?q=canva'));
    await hydrated(page, 'BlogSearch');
    const canva = expected('canva');
    expect(canva).toContain('canva-vs-google-slides');
    await status(page, `${canva.length} ${canva.length === 1 ? 'article matches' : 'articles match'} "canva"`);
    expect(await resultSlugs(page)).toEqual(canva);
    expect(await page.inputValue('#blog-search')).toBe('canva');
    expect(await page.isVisible('[data-blog-cards]')).toBe(false);
    expect(await page.isVisible('[data-blog-empty]')).toBe(false);

    await page.fill('#blog-search', '');
    await page.locator('#blog-search').pressSequentially('gamma');
    const gamma = expected('gamma');
    expect(gamma.length).toBeGreaterThan(1);
    await status(page, `${gamma.length} articles match "gamma"`);
    expect(await resultSlugs(page)).toEqual(gamma);
    expect(new URL(page.url()).searchParams.get('q')).toBe('gamma');

    await page.locator('#blog-search').pressSequentially(' zzz');
    await status(page, '0 articles match "gamma zzz"');
    expect(await resultSlugs(page)).toEqual([]);
    expect(await page.isVisible('[data-blog-empty]')).toBe(true);

    await page.fill('#blog-search', '');
    await status(page, '');
    expect(await page.locator('[data-blog-cards] > li').count()).toBe(7);
    expect(await page.isVisible('[data-blog-cards]')).toBe(true);
    expect(await page.isVisible('[data-blog-empty]')).toBe(false);
    expect(new URL(page.url()).search).toBe('');
    // Enter does not reload the page: the search already applies.
    await page.locator('#blog-search').pressSequentially('brand');
    await page.keyboard.press('Enter');
    const brand = expected('brand');
    await status(page, `${brand.length} ${brand.length === 1 ? 'article matches' : 'articles match'} "brand"`);
    expect(await resultSlugs(page)).toEqual(brand);
    expect(page.url()).toBe(env.url('/blog?q=brand'));
    expectClean(s);
  });
});

describe('404', () => {
  it('logs the attempted path to the console', async () => {
    await revisit(env, s);
    const { page } = s;
    for (const p of ['/no-such-page', '/blog/not-an-article']) {
      const res = await page.goto(env.url(`${p}?from=test`));
      expect(res?.status()).toBe(404);
      await hydrated(page, 'NotFoundLog');
      expect(await page.locator('h1').textContent()).toContain('Oops! Page not found');
      expect(await page.locator('main a[href="/"]').count()).toBe(1);
      expect(s.warnings).toContain(`404 Error: User attempted to access non-existent route: ${p}`);
    }
    expectClean(s, [/status of 404 \(Not Found\)/]);
  });
});
