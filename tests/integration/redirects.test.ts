/**
 * Redirects through the whole build on a copy of the blog fixture's content (tests/fixtures/blog-site):
 * an article's front matter aliases become `_redirects` lines and redirect pages (not in the sitemap), a link to an old path passes the
 * link check with a warning, `site preview` answers an old path with a 301, and an alias that is a page
 * of the site fails the build naming the page, the file and its line. Then the page-weight budget: a
 * blog of 200 more articles has an index over 150 KB, and the build fails naming it.
 */
import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import { preview } from '../../generator/dev/preview.ts';
import { SiteError } from '../../generator/core/errors.ts';
import { generateArticles } from '../../scripts/generateArticles.ts';
import { BLOG_SITE, BLOG_URL, copyBlogContent } from './blogSite.ts';

const ARTICLE = 'blog/changelog-vs-release-notes.md';
const NEW = '/blog/changelog-vs-release-notes';

let tmp: string;
let content: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-redirects-'));
  content = path.join(tmp, 'content');
  await copyBlogContent(content);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** The article's front matter with `aliases` added (as authors write it: a YAML list). */
async function withAliases(aliases: string[]): Promise<string> {
  const file = path.join(content, ARTICLE);
  const text = (await readFile(file, 'utf8')).replace(/^aliases:\n(  - .*\n)*/m, '');
  const list = aliases.length ? `aliases:\n${aliases.map((a) => `  - ${a}\n`).join('')}` : '';
  const edited = text.replace('author: "The Quill Team"\n', `author: "The Quill Team"\n${list}`);
  await writeFile(file, edited);
  return edited;
}

/** A build of the copy; no social images: neither redirects nor a page's weight depend on them. */
const run = (name: string, log: (line: string) => void = () => {}) =>
  build({ root: BLOG_SITE, content, out: path.join(tmp, name), cacheDir: path.join(tmp, `cache-${name}`), backend: null, log, progress: false, socialImages: false });

describe('redirects', () => {
  const lines: string[] = [];
  let out: string;
  beforeAll(async () => {
    await withAliases(['/blog/changelog-or-notes', '/changelog/']);
    const other = path.join(content, 'blog/quill-vs-handwritten.md');
    await writeFile(other, `${await readFile(other, 'utf8')}\n\nSee also [Changelog or notes](/blog/changelog-or-notes).\n`);
    out = path.join(tmp, 'dist');
    await run('dist', (l) => lines.push(l));
  });

  it('writes _redirects and a redirect page at each old path, and keeps them out of the sitemap', async () => {
    expect(await readFile(path.join(out, '_redirects'), 'utf8')).toBe(`/blog/changelog-or-notes ${NEW} 301\n/changelog ${NEW} 301\n`);
    for (const file of ['blog/changelog-or-notes.html', 'changelog.html']) {
      const html = await readFile(path.join(out, file), 'utf8');
      expect(html).toContain(`<meta http-equiv="refresh" content="0; url=${NEW}">`);
      expect(html).toContain(`<link rel="canonical" href="${BLOG_URL}${NEW}">`);
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('<script');
    }
    const sitemap = await readFile(path.join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(`<loc>${BLOG_URL}${NEW}</loc>`);
    expect(sitemap).not.toMatch(/changelog-or-notes|quill\.example\/changelog</);
  });

  it('lets a link to an old path pass the link check, with a warning that names the new path', () => {
    expect(lines).toContain(`Warning: /blog/quill-vs-handwritten: links to /blog/changelog-or-notes, which redirects to ${NEW}; link to ${NEW} instead.`);
  });

  it('site preview answers an old path with 301 and the new path, the query kept', async () => {
    const server = await preview({ port: 0, dir: out, log: () => {} });
    try {
      const moved = await fetch(`${server.url}/blog/changelog-or-notes?ref=x`, { redirect: 'manual' });
      expect(moved.status).toBe(301);
      expect(moved.headers.get('location')).toBe(`${NEW}?ref=x`);
      const slash = await fetch(`${server.url}/changelog/`, { redirect: 'manual' });
      expect([slash.status, slash.headers.get('location')]).toEqual([308, '/changelog']);
      const followed = await fetch(`${server.url}/changelog/`);
      expect([followed.status, followed.url]).toEqual([200, `${server.url}${NEW}`]);
      expect(await followed.text()).toContain('<title>Changelog vs release notes');
    } finally {
      await server.close();
    }
  });

  it('fails an alias that is a page of the site, naming the page and the line of the file that declares it, and writes nothing', async () => {
    const text = await withAliases(['/blog/changelog-or-notes', '/pricing']);
    const line = text.split('\n').indexOf('  - /pricing') + 1;
    const error = await run('collision').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteError);
    const e = error as SiteError;
    expect(e.code).toBe('RedirectShadowsRoute');
    expect(e.message).toBe(`${ARTICLE}:${line}: aliases lists /pricing, which is the path of the page /pricing.`);
    expect(e.location).toEqual({ file: ARTICLE, line, field: 'aliases' });
    await expect(access(path.join(tmp, 'collision'))).rejects.toThrow();
  });
});

describe('redirects hiding a file', () => {
  it('fails an alias that is a file of the output, such as the feed', async () => {
    const line = (await withAliases(['/feed.xml'])).split('\n').indexOf('  - /feed.xml') + 1;
    const e = (await run('feed').catch((x: unknown) => x)) as SiteError;
    expect(e).toBeInstanceOf(SiteError);
    expect([e.code, e.message]).toEqual(['RedirectShadowsRoute', `${ARTICLE}:${line}: aliases lists /feed.xml, which is the file feed.xml of the output.`]);
    await expect(access(path.join(tmp, 'feed'))).rejects.toThrow();
  });
});

describe('page-weight budget', () => {
  // A content folder of its own: the redirect tests above leave theirs with aliases and links to them.
  let fresh: string;
  beforeAll(async () => {
    fresh = path.join(tmp, 'weight-content');
    await copyBlogContent(fresh);
  });
  const runFresh = (name: string) =>
    build({ root: BLOG_SITE, content: fresh, out: path.join(tmp, name), cacheDir: path.join(tmp, `cache-${name}`), backend: null, log: () => {}, progress: false, socialImages: false });

  it('fails a page over 150 KB of HTML (an article of 36,000 words), naming the page, its size and the budget', async () => {
    // The blog's listings are paginated, so no listing grows unbounded; one very long article still can.
    const paragraph = 'A brand kit fixes fonts and colours, but the slides that win a meeting also need a point of view. ';
    const body = Array.from({ length: 2000 }, (_, i) => `${i % 40 === 0 ? `## Part ${i / 40 + 1}\n\n` : ''}${paragraph.repeat(1)}\n`).join('\n');
    const file = path.join(fresh, 'blog', 'why-release-notes.md');
    const text = await readFile(file, 'utf8');
    await writeFile(file, `${text}\n${body}`);
    const error = await runFresh('heavy').catch((e: unknown) => e);
    await writeFile(file, text);
    expect(error).toBeInstanceOf(SiteError);
    const e = error as SiteError<'PageTooHeavy'>;
    expect(e.code).toBe('PageTooHeavy');
    expect(e.args.pages.map((p) => p.url)).toEqual(['/blog/why-release-notes']);
    expect(e.args.pages[0]!.bytes).toBeGreaterThan(153_600);
    expect(e.message).toMatch(/^A page has more HTML than the budget of 150\.0 KB \(153,600 bytes\):\n {2}- \/blog\/why-release-notes: \d+\.\d KB \([\d,]+ bytes\)$/);
    expect(e.hint).toMatch(/paginate/);
    await expect(access(path.join(tmp, 'heavy'))).rejects.toThrow();
    // Again, with every page from the build cache: a cached page carries its size.
    await writeFile(file, `${text}\n${body}`);
    const again = (await runFresh('heavy').catch((x: unknown) => x)) as SiteError<'PageTooHeavy'>;
    await writeFile(file, text);
    expect([again.code, again.args.pages]).toEqual(['PageTooHeavy', e.args.pages]);
  }, 120_000);

  it('passes a blog of 200 more articles: its listings are paginated', async () => {
    await generateArticles(fresh, 200);
    await expect(runFresh('paginated')).resolves.toBeDefined();
  }, 120_000);
});
