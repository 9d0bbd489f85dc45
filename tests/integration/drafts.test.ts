/**
 * Drafts and scheduled posts in a build of the blog fixture (tests/fixtures/blog-site: a copy of its
 * content plus a draft and a post dated 2099-01-01): held back from every output (pages, sitemap, feed, llms.txt, the blog index,
 * related lists) and named in the build report; `--drafts` / `--future` include them with their badge;
 * the up-to-date check ends once the scheduled date has come; a draft published by a front-matter
 * edit appears everywhere it should; `site dev` shows both, marked.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, upToDate, type BuildResult } from '../../generator/build.ts';
import type { SiteOptions } from '../../generator/config.ts';
import { formatHeldBack } from '../../generator/content/formatHeldBack.ts';
import { dev } from '../../generator/dev/dev.ts';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';
import { runSite } from './runSite.ts';

let tmp: string;
let content: string;
let base: SiteOptions;
/** The build's moment in these tests (the scheduled post is due at 2099-01-01T00:00:00Z). */
const NOW = new Date('2026-11-25T12:00:00Z');
const DUE = new Date('2099-01-01T00:00:01Z');

const post = (title: string, date: string, extra = '') =>
  `---\ntitle: "${title}"\ndescription: "${title}: a post for the drafts test."\ndate: "${date}"\nreadTime: "3 min read"\ncategory: "Opinion"\nauthor: "The Quill Team"\n${extra}---\n\nBody of ${title}.\n`;
const draftFile = () => path.join(content, 'blog', 'draft-post.md');

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-drafts-'));
  content = path.join(tmp, 'content');
  await copyBlogContent(content);
  // Both newer than every real post, in the category of two of them: first in their related lists.
  await writeFile(draftFile(), post('A Draft Post', '2026-01-10', 'draft: true\n'));
  await writeFile(path.join(content, 'blog', 'scheduled-post.md'), post('A Scheduled Post', '2099-01-01'));
  // No social images: what a build holds back does not depend on them.
  base = { root: BLOG_SITE, content, cacheDir: path.join(tmp, 'cache'), backend: null, log: () => {}, progress: false, now: NOW, socialImages: false };
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const html = (r: BuildResult, url: string) => r.pages.find((p) => p.url === url)?.html;
const file = (r: BuildResult, name: string) => String(r.files.get(name));
/** Every page and extra file of an in-memory build, as text. */
const everything = (r: BuildResult) => [...r.files].filter(([name]) => /\.(html|xml|txt)$/.test(name)).map(([, d]) => String(d)).join('\n');

describe('a build holds back drafts and posts dated later', () => {
  it('leaves them out of pages, sitemap, feed, llms.txt, the blog index and related lists, and says so', async () => {
    const r = await build({ ...base, write: false });
    const urls = r.pages.map((p) => p.url);
    expect(urls).toContain('/blog/why-release-notes');
    expect(urls).not.toContain('/blog/draft-post');
    expect(urls).not.toContain('/blog/scheduled-post');
    const all = everything(r);
    for (const slug of ['draft-post', 'scheduled-post']) expect(all).not.toContain(slug);
    for (const title of ['A Draft Post', 'A Scheduled Post']) expect(all).not.toContain(title);
    expect(all).not.toContain('status-badge');
    expect(r.held).toEqual({ drafts: ['blog/draft-post.md'], scheduled: [{ file: 'blog/scheduled-post.md', until: '2099-01-01', at: Date.parse('2099-01-01T00:00:00Z') }] });
    expect(formatHeldBack(r.held)).toBe('Held back: 1 draft, 1 scheduled (blog/scheduled-post.md until 2099-01-01); --drafts / --future include them (a list whose dates are events keeps its later entries with date: false)\n');
  });

  it('--drafts includes the draft with its badge; --future includes the scheduled post with its date; both noindex, out of sitemap, feed and llms.txt', async () => {
    const drafts = await build({ ...base, write: false, drafts: true });
    expect(drafts.pages.map((p) => p.url)).toContain('/blog/draft-post');
    expect(drafts.pages.map((p) => p.url)).not.toContain('/blog/scheduled-post');
    expect(html(drafts, '/blog/draft-post')).toMatch(/<strong class="status-badge" data-status="draft">Draft<\/strong>/);
    expect(html(drafts, '/blog')).toContain('href="/blog/draft-post"');
    // Related lists: the other Opinion posts now link to it, with its badge on the card.
    expect(html(drafts, '/blog/why-release-notes')).toMatch(/href="\/blog\/draft-post"[^]*status-badge/);
    // A preview, not a publication: noindex, and out of the sitemap, the feed and llms.txt.
    expect(html(drafts, '/blog/draft-post')).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html(drafts, '/blog/why-release-notes')).not.toContain('name="robots"');
    for (const name of ['sitemap.xml', 'feed.xml', 'llms.txt']) expect(file(drafts, name), name).not.toContain('draft-post');
    expect(file(drafts, 'sitemap.xml')).toContain('/blog/why-release-notes');
    expect(formatHeldBack(drafts.held)).toBe('Held back: 1 scheduled (blog/scheduled-post.md until 2099-01-01); --future includes it (a list whose dates are events keeps its later entries with date: false)\n');

    const both = await build({ ...base, write: false, drafts: true, future: true });
    expect(html(both, '/blog/scheduled-post')).toContain('<strong class="status-badge" data-status="scheduled">Scheduled for January 1, 2099</strong>');
    expect(html(both, '/blog')).toContain('href="/blog/scheduled-post"');
    expect(formatHeldBack(both.held)).toBe('');
    expect(both.pages.length).toBe(drafts.pages.length + 1);
    expect(html(both, '/blog/scheduled-post')).toContain('<meta name="robots" content="noindex, nofollow"');
    for (const name of ['sitemap.xml', 'feed.xml', 'llms.txt']) expect(file(both, name), name).not.toMatch(/draft-post|scheduled-post/);
  });
});

describe('the up-to-date check and the build cache', () => {
  const out = () => path.join(tmp, 'out');
  const options = (extra: SiteOptions = {}): SiteOptions => ({ ...base, out: out(), cacheDir: path.join(tmp, 'cache-written'), ...extra });
  const page = (rel: string) => readFile(path.join(out(), rel), 'utf8').catch(() => null);

  it('is up to date until the scheduled date, and the build after it publishes the post', async () => {
    const first = await build(options());
    expect(upToDate(options())).toMatchObject({ pages: first.stats.pages, held: first.held });
    expect(upToDate(options({ now: new Date('2098-12-31T23:59:59Z') }))).not.toBeNull();
    // Other options, another output: --drafts / --future are not the build that is in place.
    expect(upToDate(options({ drafts: true }))).toBeNull();
    expect(upToDate(options({ future: true }))).toBeNull();

    expect(upToDate(options({ now: DUE }))).toBeNull();
    const due = await build(options({ now: DUE }));
    expect(due.stats.pages).toBe(first.stats.pages + 1);
    expect(due.held).toEqual({ drafts: ['blog/draft-post.md'], scheduled: [] });
    expect(await page('blog/scheduled-post.html')).not.toContain('status-badge');
    expect(await page('blog.html')).toContain('href="/blog/scheduled-post"');
    expect(await page('sitemap.xml')).toContain('/blog/scheduled-post');
    expect(upToDate(options({ now: DUE }))).toMatchObject({ pages: due.stats.pages, held: { drafts: ['blog/draft-post.md'], scheduled: [] } });
  });

  it('with --future, is up to date until the scheduled date, when its page would lose its badge', async () => {
    await build(options({ future: true }));
    expect(await page('blog/scheduled-post.html')).toContain('status-badge');
    expect(upToDate(options({ future: true }))).not.toBeNull();
    expect(upToDate(options({ future: true, now: DUE }))).toBeNull();
    await build(options({ future: true, now: DUE }));
    expect(await page('blog/scheduled-post.html')).not.toContain('status-badge');
    expect(await page('blog.html')).not.toContain('status-badge');
  });

  it('a draft published by a front-matter edit is built, listed and related; unrelated pages come from the cache', async () => {
    await build(options({ now: DUE }));
    expect(await page('blog/draft-post.html')).toBeNull();
    const draft = await readFile(draftFile(), 'utf8');
    await writeFile(draftFile(), draft.replace('draft: true\n', ''));
    try {
      await published();
    } finally {
      await writeFile(draftFile(), draft);
    }
    // Back to a draft: gone again from every output.
    await build(options({ now: DUE }));
    expect(await page('blog/draft-post.html')).toBeNull();
    expect(await page('blog.html')).not.toContain('draft-post');
    expect(await page('blog/why-release-notes.html')).not.toContain('draft-post');
  });

  async function published(): Promise<void> {
    expect(upToDate(options({ now: DUE }))).toBeNull();
    const r = await build(options({ now: DUE }));
    expect(r.held).toEqual({ drafts: [], scheduled: [] });
    expect(await page('blog/draft-post.html')).toContain('Body of A Draft Post.');
    expect(await page('blog/draft-post.html')).not.toContain('status-badge');
    expect(await page('blog.html')).toContain('href="/blog/draft-post"');
    expect(await page('blog/why-release-notes.html')).toContain('href="/blog/draft-post"');
    expect(await page('feed.xml')).toContain('/blog/draft-post');
    expect(r.stats.cache.pages.cached).toBeGreaterThan(0);
    expect(upToDate(options({ now: DUE }))).toMatchObject({ pages: r.stats.pages });
    expect(upToDate(options({ now: DUE }))?.held).toBeUndefined();
  }
});

describe('site build on the command line', () => {
  it('reports what it held back, also when up to date, and --drafts --future include it', async () => {
    const args = ['build', '--content', content, '--out', path.join(tmp, 'cli-out'), '--cache-dir', path.join(tmp, 'cli-cache'), '--no-social-images'];
    const built = await runSite(BLOG_SITE, ...args);
    expect(built.code, built.stderr).toBe(0);
    const held = 'Held back: 1 draft, 1 scheduled (blog/scheduled-post.md until 2099-01-01); --drafts / --future include them (a list whose dates are events keeps its later entries with date: false)';
    expect(built.stdout).toContain(`\n${held}\nBuilt 12 pages`);
    const again = await runSite(BLOG_SITE, ...args);
    expect(again.stdout).toContain(`\n${held}\nUp to date: 12 pages`);
    const all = await runSite(BLOG_SITE, ...args, '--drafts', '--future');
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).not.toContain('Held back');
    expect(all.stdout).toMatch(/^Built 14 pages/m);
  });
});

describe('site dev', () => {
  it('shows drafts and scheduled posts, each marked', async () => {
    const server = await dev({ root: BLOG_SITE, content, port: 0, backend: false, log: () => {} });
    try {
      const get = async (url: string) => {
        const res = await fetch(server.url + url);
        expect(res.status).toBe(200);
        return res.text();
      };
      expect(await get('/blog/draft-post')).toMatch(/<strong class="status-badge" data-status="draft">Draft<\/strong>/);
      expect(await get('/blog/scheduled-post')).toContain('<strong class="status-badge" data-status="scheduled">Scheduled for January 1, 2099</strong>');
      const index = await get('/blog');
      expect(index).toContain('href="/blog/draft-post"');
      expect(index).toContain('href="/blog/scheduled-post"');
      // A published post's own header has no badge (its related cards do: they are the draft and the scheduled post).
      expect((await get('/blog/why-release-notes')).split('class="prose"')[0]).not.toContain('status-badge');
    } finally {
      await server.close();
    }
  });
});
