/**
 * A second site, unlike this repository's, built by the real CLI (`node bin/site.js build` with the
 * site's folder as the working folder): tests/fixtures/docs-site, a documentation site with a nested
 * list of docs, a JSON file of sections, no widgets, no backend and no static files. What a reader and a
 * search engine get, what the build says, and how little a warm build renders after an edit (an edited
 * copy, built in this process, its errors as the CLI prints them).
 */
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHere } from './buildHere.ts';
import { hashTree, runSite, runSiteWithEnv, type Run } from './runSite.ts';
import { dev } from '../../generator/dev/dev.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixture = path.join(repo, 'tests/fixtures/docs-site');
const SITE_URL = 'https://docs.tern.dev';
const PAGES = 19; // 11 docs, 3 section indexes, 3 pages of the A-to-Z list, home, 404

interface Doc {
  slug: string;
  title: string;
  order: number;
}

/** The fixture's docs as its files say: slug (path under content/docs), title and order. */
async function docsOf(root: string): Promise<Doc[]> {
  const dir = path.join(root, 'content/docs');
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.md')).sort();
  return Promise.all(
    files.map(async (f) => {
      const text = await readFile(path.join(dir, f), 'utf8');
      return { slug: f.replace(/\.md$/, ''), title: /^title: (.*)$/m.exec(text)![1]!, order: Number(/^order: (\d+)$/m.exec(text)![1]) };
    }),
  );
}

const page = (out: string, file: string) => readFile(path.join(out, file), 'utf8');
const all = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!);
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const navOf = (html: string, label: string) => new RegExp(`<nav[^>]*aria-label="${label}"[^>]*>(.*?)</nav>`).exec(html)?.[1] ?? '';
const hrefs = (html: string) => all(html, /<a [^>]*href="([^"]*)"/g);
const jsonLdOf = (html: string) => all(html, /<script type="application\/ld\+json">(.*?)<\/script>/g).map((j) => JSON.parse(j) as Record<string, unknown>);
const builtReport = (run: Run) => /\((\d+) rendered, (\d+) from cache\)/.exec(run.stdout);

/** `site build` into `out` with `cwd` as the site, the environment given (runSite's has no backend). */
const buildWithEnv = (cwd: string, out: string, cache: string, env: Record<string, string>): Promise<Run> =>
  runSiteWithEnv(cwd, env, 'build', '--out', out, '--cache-dir', cache);

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-docs-fixture-'));
});

let fixtureBuild: Promise<{ out: string; cache: string; run: Run }> | undefined;
/** The fixture built once by the CLI into a folder of its own (the second build of it finds nothing to do). */
const builtFixture = () =>
  (fixtureBuild ??= (async () => {
    const out = path.join(tmp, 'out');
    const cache = path.join(tmp, 'cache');
    return { out, cache, run: await runSite(fixture, 'build', '--out', out, '--cache-dir', cache) };
  })());
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('the documentation fixture, built by the CLI', () => {
  let out: string;
  let cache: string;
  let first: Run;
  let docs: Doc[];
  beforeAll(async () => {
    docs = await docsOf(fixture);
    ({ out, cache, run: first } = await builtFixture());
  });

  it('builds every page, reports no islands and asks for no backend settings', () => {
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(new RegExp(`^JavaScript: no islands\\nBuilt ${PAGES} pages \\(`));
    expect(builtReport(first)?.slice(1)).toEqual([String(PAGES), '0']);
    expect(first.stderr).not.toMatch(/backend/i);
    expect(docs).toHaveLength(11);
  });

  it('gives each doc a nested URL, its title, its canonical URL and one h1', async () => {
    for (const doc of docs) {
      const html = await page(out, `docs/${doc.slug}.html`);
      expect(doc.slug, 'a section folder and a page').toMatch(/^(getting-started|guides|reference)\/[a-z-]+$/);
      expect(titleOf(html), doc.slug).toBe(`${doc.title} | Tern`);
      expect(canonicalOf(html), doc.slug).toBe(`${SITE_URL}/docs/${doc.slug}`);
      expect(all(html, /<h1[^>]*>(.*?)<\/h1>/g), doc.slug).toEqual([doc.title]);
    }
  });

  it('shows a sidebar of every section and its pages in order, the current one marked', async () => {
    const order = ['getting-started', 'guides', 'reference'];
    const expected = order.flatMap((s) => [
      `/docs/${s}`,
      ...docs
        .filter((d) => d.slug.startsWith(`${s}/`))
        .sort((a, b) => a.order - b.order)
        .map((d) => `/docs/${d.slug}`),
    ]);
    for (const file of ['docs/guides/caching.html', 'docs/reference.html']) {
      const sidebar = navOf(await page(out, file), 'Documentation');
      expect(hrefs(sidebar), file).toEqual(expected);
      expect(all(sidebar, /<a [^>]*href="([^"]*)" aria-current="page"/g), file).toEqual([`/${file.replace(/\.html$/, '')}`]);
    }
    expect(navOf(await page(out, 'index.html'), 'Documentation'), 'no sidebar on the home page').toBe('');
  });

  it('has a table of contents whose links reach the headings of the page', async () => {
    const html = await page(out, 'docs/reference/tasks-file.html');
    const toc = hrefs(/<nav class="toc"[^>]*>(.*?)<\/nav>/.exec(html)![1]!);
    expect(toc).toEqual(['#imports', '#tasks', '#run', '#needs', '#inputs-and-outputs']);
    for (const id of toc) expect(html).toContain(`id="${id.slice(1)}"`);
  });

  it('lists a section on its index page, and all pages A to Z five to a page', async () => {
    const guides = /<ol class="page-list">(.*?)<\/ol>/.exec(await page(out, 'docs/guides.html'))![1]!;
    expect(hrefs(guides)).toEqual(['caching', 'continuous-integration', 'sharing-tasks', 'watch-mode'].map((s) => `/docs/guides/${s}`));
    const titles = docs.map((d) => d.title).sort((a, b) => a.localeCompare(b));
    const listed = [];
    for (const file of ['docs.html', 'docs/page/2.html', 'docs/page/3.html']) listed.push(all(await page(out, file), /<li><a href="\/docs\/[^"]*">([^<]*)<\/a><p>/g));
    expect(listed.map((l) => l.length)).toEqual([5, 5, 1]);
    expect(listed.flat().map((t) => t.replace('&#x27;', "'"))).toEqual(titles);
    expect(hrefs(navOf(await page(out, 'docs/page/2.html'), 'Pages of the list'))).toEqual(['/docs', '/docs/page/3']);
  });

  it('lists every indexable page in the sitemap, and not the 404', async () => {
    const locs = all(await page(out, 'sitemap.xml'), /<loc>([^<]*)<\/loc>/g);
    expect(locs).toHaveLength(PAGES - 1);
    for (const doc of docs) expect(locs).toContain(`${SITE_URL}/docs/${doc.slug}`);
    expect(locs).toContain(`${SITE_URL}/docs/page/3`);
    expect(locs.some((l) => l.includes('404'))).toBe(false);
  });

  it('ships no script and lets pages connect to themselves only', async () => {
    for (const file of ['index.html', 'docs/guides/caching.html', '404.html']) {
      const html = await page(out, file);
      expect(html, file).not.toMatch(/<script(?! type="application\/ld\+json")/);
      expect(html, file).toContain('connect-src &#x27;self&#x27;;');
    }
    expect(existsSync(path.join(out, 'assets/chunks'))).toBe(false);
    expect((await readdir(path.join(out, 'assets'))).filter((f) => f.endsWith('.js'))).toEqual([]);
    expect(await page(out, '_headers')).toContain("connect-src 'self';");
  });

  it('names no icon, social image or file the site does not have', async () => {
    const html = await page(out, 'docs/guides/caching.html');
    expect(html, 'an empty icon: no request for /favicon.ico').toContain('<link rel="icon" href="data:,"/>');
    expect(html).not.toMatch(/og:image|twitter:image/);
    expect(html).toContain('<meta name="twitter:card" content="summary"/>');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/main\.[0-9a-f]{10}\.css"\/>/);
  });

  it('describes a doc as a TechArticle with its breadcrumb trail', async () => {
    const [article, trail] = jsonLdOf(await page(out, 'docs/guides/caching.html'));
    expect(article).toMatchObject({ '@type': 'TechArticle', headline: 'Caching task results', articleSection: 'Guides', url: `${SITE_URL}/docs/guides/caching` });
    expect(trail).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((trail!.itemListElement as { item: string }[]).map((i) => i.item)).toEqual([`${SITE_URL}/`, `${SITE_URL}/docs`, `${SITE_URL}/docs/guides`, `${SITE_URL}/docs/guides/caching`]);
    expect(jsonLdOf(await page(out, 'index.html')).map((j) => j['@type'])).toEqual(['WebSite']);
  });

  it('writes the search index the site asks for', async () => {
    const records = JSON.parse(await page(out, 'search.json')) as { title: string; url: string }[];
    expect(records.map((r) => r.url).sort()).toEqual(docs.map((d) => `${SITE_URL}/docs/${d.slug}`).sort());
  });

  it("writes llms.txt with its own plugin: every doc under its section, linked by its full URL", async () => {
    const text = await page(out, 'llms.txt');
    expect(text.split('\n').slice(0, 3)).toEqual(['# Taskfile docs', '', '> How to install, write and run tasks.']);
    expect(text.match(/^- \[/gm)).toHaveLength(docs.length);
    expect(text).toMatch(/^## .+\n\n- \[[^\]]+\]\(https:\/\/docs\.tern\.dev\/docs\/[a-z-]+\/[a-z-]+\): /m);
  });

  it('finds nothing to do on a second build', async () => {
    const again = await runSite(fixture, 'build', '--out', out, '--cache-dir', cache);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`Up to date: ${PAGES} pages`);
  });

  it('lets pages connect to no backend even when backend settings are given', async () => {
    const run = await buildWithEnv(fixture, path.join(tmp, 'out-env'), path.join(tmp, 'cache-env'), { SITE_SUPABASE_URL: 'https://project.supabase.co', SITE_SUPABASE_ANON_KEY: 'anon' });
    expect(run.code, run.stderr).toBe(0);
    expect(await page(path.join(tmp, 'out-env'), '_headers')).not.toContain('supabase.co');
    expect(await page(path.join(tmp, 'out-env'), 'index.html')).not.toContain('supabase.co');
  });
});

describe('an edited copy of the documentation fixture', () => {
  let site: string;
  let out: string;
  let cache: string;
  const build = () => buildHere({ root: site, out, cacheDir: cache });
  /** What a build rendered and took from its cache. */
  const rendered = (run: Awaited<ReturnType<typeof build>>) => run.result?.stats.cache.pages;
  const edit = async (rel: string, change: (text: string) => string) => {
    const file = path.join(site, rel);
    const before = await readFile(file, 'utf8');
    const after = change(before);
    expect(after, `edit of ${rel} changed nothing`).not.toBe(before);
    await writeFile(file, after);
  };
  /** The built pages whose HTML contains `text`. */
  const pagesShowing = async (text: string) => {
    const files = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html'));
    const hits = await Promise.all(files.map(async (f) => ((await page(out, f)).includes(text) ? f : null)));
    return hits.filter((f) => f !== null).sort();
  };

  beforeAll(async () => {
    site = path.join(tmp, 'docs-site');
    out = path.join(tmp, 'copy-out');
    cache = path.join(tmp, 'copy-cache');
    await cp(fixture, site, { recursive: true, filter: (src) => path.basename(src) !== '.site' });
    // Where an installed site finds the engine's packages.
    await symlink(path.join(repo, 'node_modules'), path.join(site, 'node_modules'), 'dir');
    const run = await build();
    expect(run.code, run.stderr).toBe(0);
  });

  it('re-renders only the page whose body changed', async () => {
    await edit('content/docs/guides/watch-mode.md', (t) => t.replace('Only the files named by `inputs`.', 'Only the files named by `inputs`, never the tasks file itself.'));
    const run = await build();
    expect(run.code, run.stderr).toBe(0);
    expect(rendered(run)).toEqual({ rendered: 1, cached: PAGES - 1 });
    expect(await page(out, 'docs/guides/watch-mode.html')).toContain('never the tasks file itself');
  });

  it('re-renders exactly the pages that show a title when it changes', async () => {
    const showing = await pagesShowing('>Watch mode<');
    // The page itself, every page with the sidebar (11 docs and 3 section indexes) and the page of the A-to-Z list that holds it.
    expect(showing).toHaveLength(15);
    expect(showing).toContain('docs/page/2.html');
    await edit('content/docs/guides/watch-mode.md', (t) => t.replace('title: Watch mode', 'title: Watching for changes'));
    const run = await build();
    expect(run.code, run.stderr).toBe(0);
    expect(rendered(run)).toEqual({ rendered: showing.length, cached: PAGES - showing.length });
    expect(await pagesShowing('>Watching for changes<')).toEqual(showing);
    expect(await pagesShowing('>Watch mode<')).toEqual([]);
  });

  it('fails on a page without a title, naming file, line, field and what to do, and keeps the last output', async () => {
    const before = await hashTree(out);
    await edit('content/docs/reference/commands.md', (t) => t.replace(/^title: .*\n/m, ''));
    const run = await build();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[ContentFieldInvalid]');
    expect(run.stderr).toContain('docs/reference/commands.md:1: field "title" must be a string, but found nothing (the field is missing).');
    expect(run.stderr).toMatch(/\nHint: .*schema in site\.config\.ts/);
    expect(await hashTree(out)).toEqual(before);
    await edit('content/docs/reference/commands.md', (t) => `---\ntitle: Commands\n${t.slice(4)}`);
  });

  it("fails a build its own plugin's check refuses, naming the check and the page, and keeps the last output", async () => {
    const before = await hashTree(out);
    await edit('content/docs/guides/caching.md', (t) => t.replace(/^description: .*$/m, `description: ${'Skip work. '.repeat(15).trim()}`));
    const run = await build();
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Doc descriptions too long for a search result');
    expect(run.stderr).toContain('/docs/guides/caching: the description has 164 characters (at most 160)');
    expect(await hashTree(out)).toEqual(before);
    await edit('content/docs/guides/caching.md', (t) => t.replace(/^description: .*$/m, 'description: How Tern decides that a task can be skipped, and how to make that decision right.'));
  });

  it('builds without a stylesheet: no stylesheet link, no assets folder', async () => {
    await rm(path.join(site, 'templates/styles'), { recursive: true });
    const run = await build();
    expect(run.code, run.stderr).toBe(0);
    expect(await page(out, 'docs/guides/caching.html')).not.toContain('rel="stylesheet"');
    expect(existsSync(path.join(out, 'assets'))).toBe(false);
  });
});

describe('the documentation fixture with the remark engine', () => {
  /** The fixture copied to `name` (no node_modules beside it: the engine's are used), built with `engine`. */
  const buildWith = async (name: string, engine: string) => {
    const site = path.join(tmp, name);
    await cp(fixture, site, { recursive: true, filter: (src) => path.basename(src) !== '.site' });
    const config = path.join(site, 'site.config.ts');
    await writeFile(config, (await readFile(config, 'utf8')).replace("engine: 'markdown-it'", `engine: '${engine}'`));
    const out = path.join(tmp, `${name}-out`);
    const run = await runSite(site, 'build', '--out', out, '--cache-dir', path.join(tmp, `${name}-cache`));
    expect(run.code, run.stderr).toBe(0);
    return out;
  };
  /** A page's heading ids and its text without tags. */
  const seen = async (out: string, file: string) => {
    const html = await page(out, file);
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    return {
      ids: [...main.matchAll(/<h[1-6][^>]* id="([^"]+)"/g)].map((m) => m[1]),
      // What a reader sees: the two engines escape some characters differently (">" or "&gt;" in text).
      text: main
        .replace(/<[^>]+>/g, ' ')
        .replace(/&quot;/g, '"')
        .replace(/&gt;/g, '>')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&')
        .replace(/\s+/g, ' ')
        .trim(),
    };
  };

  it('builds every page through the CLI, with the same headings, ids and text as markdown-it', async () => {
    const remark = await buildWith('remark', 'remark');
    // The fixture's own engine is markdown-it: its build by the CLI.
    const fixtureBuilt = await builtFixture();
    expect(fixtureBuilt.run.code, fixtureBuilt.run.stderr).toBe(0);
    const markdownIt = fixtureBuilt.out;
    for (const file of ['docs/guides/watch-mode.html', 'docs/reference/commands.html', 'docs/getting-started/installation.html']) {
      expect(await seen(remark, file), file).toEqual(await seen(markdownIt, file));
    }
    expect((await readdir(remark, { recursive: true })).filter((f) => f.endsWith('.html'))).toHaveLength(PAGES);
  });
});

describe('the documentation fixture in site dev', () => {
  it('serves its pages from memory, without a loader script, and reloads the page whose markdown changed', async () => {
    const site = path.join(tmp, 'dev-site');
    await cp(fixture, site, { recursive: true, filter: (src) => path.basename(src) !== '.site' });
    const server = await dev({ root: site, port: 0, backend: false, log: () => {} });
    try {
      const first = await fetch(`${server.url}/docs/guides/watch-mode`);
      expect(first.status).toBe(200);
      const html = await first.text();
      expect(html).toContain('<h1');
      expect(html).not.toContain('loader.js');
      expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404);
      const file = path.join(site, 'content/docs/guides/watch-mode.md');
      await writeFile(file, `${await readFile(file, 'utf8')}\nA sentence written while the server ran.\n`);
      await expect.poll(async () => (await fetch(`${server.url}/docs/guides/watch-mode`)).text(), { timeout: 20_000 }).toContain('A sentence written while the server ran.');
    } finally {
      await server.close();
    }
  });
});
