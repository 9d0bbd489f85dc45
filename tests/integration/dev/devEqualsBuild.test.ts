/**
 * `site dev` serves what `site build` writes. For this repository's site and each fixture site (in a copy,
 * with its own cache folder), a build in memory with drafts and later entries (what dev shows) is made,
 * then every one of its output files is asked of a dev server: pages byte for byte (less the live-reload
 * script dev adds before </head>), the 404 page for an unknown path, sitemap, feed, robots.txt and
 * search index byte for byte, the stylesheet, static files, widget bundle, content images and social
 * images under the same hashed names with the same bytes and the content type a static host gives them,
 * and each redirect of `_redirects` as a 301 to the same target.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build.ts';
import { dev } from '../../../generator/dev/dev.ts';
import { DEV_CLIENT_PATH } from '../../../generator/dev/devClient.ts';
import { parseRedirectsFile } from '../../../generator/dev/parseRedirectsFile.ts';
import { types } from '../../../generator/dev/contentTypes.ts';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const temps: string[] = [];
afterAll(() => Promise.all(temps.map((t) => rm(t, { recursive: true, force: true }))));

const edit = async (file: string, fn: (s: string) => string) => writeFile(file, fn(await readFile(file, 'utf8')));
/** A redirect in the site's config (the fixtures' configs end with their last option and "});"). */
const configRedirect = (root: string, from: string, to: string) =>
  edit(path.join(root, 'site.config.ts'), (s) => s.replace(/\n\}\);\s*$/, `\n  redirects: { '${from}': '${to}' },\n});\n`));
const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2255aa' } });

/** A copy of a site (node_modules linked) and a cache folder of its own: neither run writes into the sources. */
async function copySite(parts: string[], from: string, prepare?: (root: string) => Promise<void>): Promise<{ root: string; cacheDir: string }> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-dev-build-'));
  temps.push(tmp);
  const root = path.join(tmp, 'site');
  await mkdir(root);
  await Promise.all(parts.map((p) => cp(path.join(from, p), path.join(root, p), { recursive: true })));
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await prepare?.(root);
  return { root, cacheDir: path.join(tmp, 'cache') };
}

const sites: [string, () => ReturnType<typeof copySite>][] = [
  [
    'this site',
    () =>
      copySite(['site.config.ts', 'content', 'templates', 'widgets', 'supabase', 'package.json', 'tsconfig.json'], repo, (root) =>
        // An old path of a post (a front matter alias).
        edit(path.join(root, 'content/blog/canva-vs-google-slides.md'), (s) => s.replace('author: "The Decksmith Team"\n', 'author: "The Decksmith Team"\naliases:\n  - /blog/canva-or-slides\n')),
      ),
  ],
  [
    'tests/fixtures/docs-site',
    () => copySite(['site.config.ts', 'content', 'templates'], path.join(repo, 'tests/fixtures/docs-site'), (root) => configRedirect(root, '/start', '/docs/getting-started/introduction')),
  ],
  // Drafts, a post dated later, aliases, a paginated listing, a feed, search and social cards.
  [
    'tests/fixtures/blog-site',
    () => copySite(['site.config.ts', 'content', 'templates'], path.join(repo, 'tests/fixtures/blog-site'), (root) => configRedirect(root, '/plans', '/pricing')),
  ],
  [
    'tests/fixtures/image-site',
    () =>
      copySite(['site.config.ts', 'content', 'templates'], path.join(repo, 'tests/fixtures/image-site'), async (root) => {
        await mkdir(path.join(root, 'content/images'));
        await mkdir(path.join(root, 'content/posts/images'));
        await solid(1200, 600).png().toFile(path.join(root, 'content/images/hero.png'));
        await solid(800, 800).jpeg().toFile(path.join(root, 'content/posts/images/cover.jpg'));
        await solid(700, 350).png().toFile(path.join(root, 'content/posts/images/chart.png'));
        await configRedirect(root, '/first', '/posts/first');
      }),
  ],
];

/** The live-reload script dev adds to each page, and the editor's link at the end of an entry's page, and nothing else. */
const devClient = new RegExp(`<script type="module" src="${DEV_CLIENT_PATH.replace(/[.]/g, '\\.')}\\?v=\\d+"></script></head>`);
const editLink = /<link rel="stylesheet" href="\/__site\/editor\/[\w-]+\/link\.css"><aside class="site-editor-link" aria-label="Editor"><a href="\/__site\/editor\/[\w-]+\/#[^"]+">Edit this page<\/a><\/aside><\/body>/;
const withoutDevClient = (html: string) => {
  expect.soft(html).toMatch(devClient);
  return html.replace(devClient, '</head>').replace(editLink, '</body>');
};
/** The URL a static host serves an output page at ("index.html" -> "/", "blog/a.html" -> "/blog/a"). */
const pageUrl = (file: string) => `/${file.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
const bytesOf = (data: string | Uint8Array) => Buffer.from(typeof data === 'string' ? Buffer.from(data) : data);

describe.each(sites)('site dev serves what site build writes: %s', (_name, makeSite) => {
  it('every output file, with the same bytes, names and content types', async () => {
    const { root, cacheDir } = await makeSite();
    const log = () => {};
    const built = await build({ root, cacheDir, write: false, drafts: true, future: true, backend: null, progress: false, log });
    const server = await dev({ root, cacheDir, port: 0, backend: false, log });
    try {
      const get = (url: string) => fetch(server.url + url, { redirect: 'manual' });
      const redirects = parseRedirectsFile(String(built.files.get('_redirects') ?? ''));
      const redirectPages = new Set([...redirects.keys()].map((from) => `${from.slice(1)}.html`));
      const checked: string[] = [];
      for (const [file, data] of built.files) {
        // Files for the host, not served: `_headers` (its CSP is the one each page's meta carries) and `_redirects` (below).
        if (file === '_headers' || file === '_redirects' || redirectPages.has(file)) continue;
        const url = file.endsWith('.html') ? pageUrl(file) : `/${file}`;
        const res = await get(url);
        // Soft: one run names every file that differs.
        expect.soft(res.status, url).toBe(200);
        expect.soft(res.headers.get('content-type'), url).toBe(types[path.extname(file)] ?? 'application/octet-stream');
        const body = Buffer.from(await res.arrayBuffer());
        if (file.endsWith('.html')) expect.soft(withoutDevClient(body.toString('utf8')), url).toBe(bytesOf(data).toString('utf8'));
        else expect.soft(body.equals(bytesOf(data)), `${url}: dev serves other bytes than the build writes`).toBe(true);
        checked.push(file);
      }
      expect(redirects.size).toBeGreaterThan(0);
      for (const [from, rule] of redirects) {
        const res = await get(from);
        expect([res.status, res.headers.get('location')], from).toEqual([rule.status, rule.to]);
      }
      const missing = await get('/no-such-page/anywhere');
      expect(missing.status).toBe(404);
      expect(withoutDevClient(await missing.text())).toBe(bytesOf(built.files.get('404.html')!).toString('utf8'));
      // Every page of the build was asked for (none skipped as a redirect page).
      for (const p of built.pages) expect(checked, p.file).toContain(p.file);
    } finally {
      await server.close();
    }
  }, 300_000);
});
