/**
 * shiki's translated regular expressions kept between builds (generator/content/regexTable.ts), in a copy
 * of the blog fixture (tests/fixtures/blog-site) with 40 generated articles and one with code in four
 * languages, whose bundle (and so its table) lives in a folder of its own: a cold `site build` with a
 * worker writes the table beside the site's bundle; a build with another cache folder translates nothing (the
 * table is not written again) and writes the same bytes, as does a build with the table turned off; the
 * engine's table, shared by every site it builds, holds them too; and the main thread and a build worker
 * each write the table by themselves.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { engineTableFolder } from '../../generator/content/regexTable.ts';
import { generateArticles } from '../../scripts/generateArticles.ts';
import { copyBlogContent, copyBlogSite } from './blogSite.ts';
import { hashTree, runSiteWithEnv } from './runSite.ts';
import { articleSource } from '../unit/helpers/articleSource.ts';

let tmp = '';
let site = '';
let content = '';

const ARTICLE = articleSource({
  title: 'Code in four languages',
  description: 'TypeScript, CSS, a shell script and JSON in one article.',
  body: [
    '```ts',
    'export async function deck(title: string, slides = 10): Promise<Deck> {',
    '  return generate({ title, slides, theme: "brand" });',
    '}',
    '```',
    '',
    '```css',
    '.deck > h1::before { color: var(--brand, #0af) !important; }',
    '```',
    '',
    '```sh',
    'for f in "$@"; do echo "${f%.md}"; done > out.txt',
    '```',
    '',
    '```json',
    '{"slides": [1, 2], "dark": false}',
    '```',
  ],
});

/** `site build` in the copy, into `out` with the cache in `cache` (both new folders: a cold build), with one worker unless told. */
const siteBuild = (out: string, cache: string, env: Record<string, string> = {}, workers = '1') =>
  runSiteWithEnv(site, { SITE_SUPABASE_URL: '', SITE_SUPABASE_ANON_KEY: '', ...env }, 'build', '--content', content, '--out', path.join(tmp, out), '--cache-dir', path.join(tmp, cache), '--workers', workers, '--no-social-images');

/** The copy's tables: the files beside its bundle named shiki-regex-<key>.json. */
const tables = async () => (await readdir(path.join(site, '.site', 'cache'))).filter((f) => /^shiki-regex-[0-9a-f]{16}\.json$/.test(f));

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-regex-table-'));
  site = path.join(tmp, 'site');
  await copyBlogSite(site);
  content = await copyBlogContent(path.join(tmp, 'content'));
  // Every generated article has the bench's js block.
  await generateArticles(content, 40);
  await writeFile(path.join(content, 'blog', 'code-in-four-languages.md'), ARTICLE);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe("shiki's translated regular expressions", () => {
  it("are written beside the site's bundle by a cold build, and found there by the next build with a new cache folder", async () => {
    const cold = await siteBuild('first', 'cache-first');
    expect(cold.code, cold.stderr).toBe(0);
    expect(cold.stdout).toMatch(/, 1 workers\)$/m);
    const html = await readFile(path.join(tmp, 'first', 'blog', 'code-in-four-languages.html'), 'utf8');
    for (const lang of ['ts', 'css', 'sh', 'json']) expect(html.match(new RegExp(`<code class="language-${lang}">[^<]*<span class="hl-`)), lang).not.toBeNull();

    const [table, ...others] = await tables();
    expect(others).toEqual([]);
    const file = path.join(site, '.site', 'cache', table!);
    const patterns = Object.keys((JSON.parse(await readFile(file, 'utf8')) as { patterns: object }).patterns);
    expect(patterns.length).toBeGreaterThan(200);
    const written = await stat(file);
    // The engine's table (shared by every site this engine builds, and written by other tests' builds too)
    // holds them all as well: a new site starts from it.
    const shared = JSON.parse(await readFile(path.join(engineTableFolder()!, table!), 'utf8')) as { patterns: object };
    expect(Object.keys(shared.patterns)).toEqual(expect.arrayContaining(patterns));

    // A new cache folder: every page renders again, and every thread that highlights reads the table. Had
    // any of them translated a pattern, it would have written the table again.
    const second = await siteBuild('second', 'cache-second');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/\(\d+ rendered, 0 from cache, 1 workers\)$/m);
    expect(await hashTree(path.join(tmp, 'second'))).toEqual(await hashTree(path.join(tmp, 'first')));
    const after = await stat(file);
    expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);

    // Turned off (speedLayers.cjs): translated by shiki in every thread, the same bytes, no table written.
    const off = await siteBuild('off', 'cache-off', { SITE_SPEED_OFF: 'regexTable' });
    expect(off.code, off.stderr).toBe(0);
    expect(await hashTree(path.join(tmp, 'off'))).toEqual(await hashTree(path.join(tmp, 'first')));
    expect((await stat(file)).mtimeMs).toBe(written.mtimeMs);
  });

  it('are written by the main thread alone, and by a build worker alone', async () => {
    const removeTables = async () => {
      for (const table of await tables()) await rm(path.join(site, '.site', 'cache', table));
    };
    await removeTables();
    const main = await siteBuild('main', 'cache-main', {}, '0');
    expect(main.code, main.stderr).toBe(0);
    expect(main.stdout).not.toMatch(/workers\)/);
    expect(await tables()).toHaveLength(1);

    await removeTables();
    // The API run from the source: this thread keeps no table, the worker (run from its bundle) does. The
    // modules imported afresh: another file run earlier in this process may have loaded shiki with a table.
    vi.resetModules();
    const { build } = await import('../../generator/build.ts');
    const { regexTableUse } = await import('../../generator/content/highlightCode.ts');
    const result = await build({ root: site, content, out: path.join(tmp, 'api'), cacheDir: path.join(tmp, 'cache-api'), workers: 1, backend: null, socialImages: false, log: () => {}, progress: false });
    expect(result.stats.workers).toBe(1);
    expect(regexTableUse()).toBeNull();
    expect(await tables()).toHaveLength(1);
  });
});
