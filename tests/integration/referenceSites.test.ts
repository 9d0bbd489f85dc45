/**
 * The bench's reference projects (scripts/referenceSites.ts): the same blog as `npm run bench` builds,
 * laid out for Eleventy and Hugo so that each writes what `site build` writes for the blog. The builds
 * run here when the generator is on this machine (Hugo on PATH, Eleventy in .site/bench-reference, where
 * `npm run bench -- --reference` installs it) and are skipped otherwise.
 */
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateArticle, generateArticles } from '../../scripts/generateArticles.ts';
import { describeOutput, eleventyProject, hugoBinary, hugoProject, referenceShell, timeChild, writeProject } from '../../scripts/referenceSites.ts';
import { runSite } from './runSite.ts';

const root = path.resolve(import.meta.dirname, '../..');
const content = path.join(root, 'content');
const eleventyCmd = path.join(root, '.site', 'bench-reference', 'node_modules', '@11ty', 'eleventy', 'cmd.cjs');

it('lays out the bench articles, byte for byte, and any other articles beside them', () => {
  const shell = referenceShell(content);
  const extra = new Map([['real-one', generateArticle(99)]]);
  const eleventy = eleventyProject(3, shell, extra);
  const hugo = hugoProject(3, shell, extra);
  for (let i = 0; i < 3; i++) {
    expect(eleventy.get(`blog/bench-0000${i}.md`)).toBe(generateArticle(i));
    expect(hugo.get(`content/blog/bench-0000${i}.md`)).toBe(generateArticle(i));
  }
  expect(eleventy.get('blog/real-one.md')).toBe(generateArticle(99));
  expect(hugo.get('content/blog/real-one.md')).toBe(generateArticle(99));
  expect([...eleventy.keys()].filter((f) => f.endsWith('.md'))).toHaveLength(4);
  expect([...hugo.keys()].filter((f) => f.endsWith('.md'))).toHaveLength(4);
});

it("writes the site's head tags, listing page size and one feed, with Hugo's other outputs turned off", () => {
  const shell = referenceShell(content);
  expect(shell.blog.pageSize).toBe(24);
  expect(shell.blog.categories.map((c) => c.slug)).toEqual(['opinion', 'comparisons', 'tools']);
  const hugo = hugoProject(1, shell);
  const eleventy = eleventyProject(1, shell);
  const toml = hugo.get('hugo.toml')!;
  expect(toml).toContain('disableKinds = ["taxonomy", "RSS", "404"]');
  expect(toml).toContain('home = ["feed", "llms"]');
  expect(toml).toContain('paginate = 24');
  for (const head of [hugo.get('layouts/partials/head.html')!, eleventy.get('_includes/head.njk')!])
    for (const tag of ['Content-Security-Policy', 'rel="canonical"', 'og:title', 'og:image', 'twitter:card', 'application/rss+xml', 'application/ld+json'])
      expect(head).toContain(tag);
  expect(hugo.get('layouts/index.feed.xml')).toContain('first 50');
  expect(eleventy.get('feed.njk')).toContain('collections.posts.slice(0, 50)');
});

it('takes the navigation, footer, CSP and asset URLs from one of our built pages', () => {
  const built =
    '<html><head><meta http-equiv="Content-Security-Policy" content="default-src &#x27;self&#x27;"/><link rel="stylesheet" href="/assets/main.abc.css"/></head>' +
    '<body><header>NAV</header><main id="main">x</main><footer>FOOT</footer></body></html>';
  const shell = referenceShell(content, built);
  expect(shell.csp).toBe("default-src 'self'");
  expect(shell.assets.css).toBe('/assets/main.abc.css');
  expect(shell.header).toBe('<header>NAV</header>');
  expect(shell.footer).toBe('<footer>FOOT</footer>');
  expect(() => referenceShell(content, built.replace('NAV', '{{ x }}'))).toThrow(/template delimiters/);
});

it('writes a project into nested folders', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reference-'));
  try {
    await writeProject(dir, new Map([['a/b/c.md', 'x'], ['d.toml', 'y']]));
    expect(await readFile(path.join(dir, 'a/b/c.md'), 'utf8')).toBe('x');
    expect(await readFile(path.join(dir, 'd.toml'), 'utf8')).toBe('y');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('times a command and reads its peak RSS, and names a failing one with its error output', async () => {
  const run = await timeChild(process.execPath, ['-e', 'const b = Buffer.alloc(64 << 20, 1); setTimeout(() => b.length, 100)'], os.tmpdir());
  expect(run.ms).toBeGreaterThan(90);
  expect(run.rssMb).toBeGreaterThan(64);
  await expect(timeChild(process.execPath, ['-e', 'console.error("broken"); process.exit(3)'], os.tmpdir())).rejects.toThrow(/exited 3:\nbroken/);
});

describe('built beside site build', () => {
  let tmp = '';
  const blogLocs = async (dir: string) =>
    [...(await readFile(path.join(dir, 'sitemap.xml'), 'utf8')).matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!).filter((u) => u.includes('/blog')).sort();
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'reference-built-'));
    await cp(content, path.join(tmp, 'content'), { recursive: true });
    await generateArticles(path.join(tmp, 'content'), 60);
    const run = await runSite(root, 'build', '--content', path.join(tmp, 'content'), '--out', path.join(tmp, 'ours'), '--cache-dir', path.join(tmp, 'cache'));
    expect(run.code, run.stderr).toBe(0);
  }, 120_000);
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  const real = async () => {
    const { readdir } = await import('node:fs/promises');
    const extra = new Map<string, string>();
    for (const f of await readdir(path.join(content, 'blog'))) extra.set(f.replace(/\.md$/, ''), await readFile(path.join(content, 'blog', f), 'utf8'));
    return extra;
  };

  for (const [name, available, project, build] of [
    ['Hugo', () => !!hugoBinary(), hugoProject, (dir: string, out: string) => timeChild('hugo', ['--quiet', '--destination', out, '--cacheDir', path.join(dir, '.cache')], dir)],
    ['Eleventy', () => existsSync(eleventyCmd), eleventyProject, (dir: string, out: string) => timeChild(process.execPath, [eleventyCmd, '--quiet', `--output=${out}`], dir)],
  ] as const) {
    it.skipIf(!available())(`${name} writes the same article pages, listing pages, feed items and sitemap URLs for the blog`, async () => {
      const shell = referenceShell(content, await readFile(path.join(tmp, 'ours', 'blog', 'bench-00005.html'), 'utf8'));
      const dir = path.join(tmp, name);
      await writeProject(dir, project(60, shell, await real()));
      await build(dir, path.join(tmp, `${name}-out`));
      const ours = await describeOutput(path.join(tmp, 'ours'));
      const theirs = await describeOutput(path.join(tmp, `${name}-out`));
      expect(theirs).toMatchObject({ articles: ours.articles, listings: ours.listings, feedItems: 50, robots: true, searchFiles: 0, otherPages: 0 });
      expect(theirs.llmsLinks).toBe(ours.articles + 2);
      expect(await blogLocs(path.join(tmp, `${name}-out`))).toEqual(await blogLocs(path.join(tmp, 'ours')));
      // The same head on an article page.
      const page = await readFile(path.join(tmp, `${name}-out`, 'blog', 'bench-00005.html'), 'utf8');
      for (const tag of ['<link rel="canonical" href="https://decksmith.ai/blog/bench-00005">', 'property="og:type" content="article"', '"@type":"BlogPosting"', '"@type":"BreadcrumbList"', 'data-related=""'])
        expect(page).toContain(tag);
      expect(page.match(/class="post-card"/g)).toHaveLength(3);
      expect(page).not.toMatch(/ style="/);
    }, 120_000);
  }
});
