/**
 * Highlighted code through the real CLI, on the blog fixture (tests/fixtures/blog-site) with one more
 * article: an article with a ```ts block builds, in the main thread and in
 * a worker; its page has hl-* classes and no style attribute anywhere; the stylesheet has the classes'
 * colours; a warm build writes the same bytes; a site with `markdown.highlight: false` gets plain blocks
 * and no highlighting CSS; `site dev` (whose render worker is an ES module bundle) highlights too, and keeps
 * the regular expressions it translated beside the site's bundle (content/regexTable.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_SITE, copyBlogContent, copyBlogSite } from './blogSite.ts';
import { hashTree, runSite } from './runSite.ts';
import { articleSource } from '../unit/helpers/articleSource.ts';

/** The engine's folder (bin/site.js). */
const root = path.resolve(import.meta.dirname, '../..');
let tmp: string;
let content: string;

const ARTICLE = articleSource({
  title: 'Generating a deck from a script',
  description: 'Call the deck API from TypeScript and get ten slides in the brand theme.',
  body: [
    'A deck from a script:',
    '',
    '```ts',
    "import { generate } from './decks.ts';",
    '',
    '// Ten slides in the brand theme.',
    'export async function deck(title: string): Promise<Deck> {',
    '  if (title.length < 1 && ready) throw new Error(`No title`);',
    '  return generate({ title, slides: 10, theme: "brand" });',
    '}',
    '```',
    '',
    'And from a shell:',
    '',
    '```sh',
    'npx decksmith generate --slides 10 > deck.json',
    '```',
  ],
});

/** `site build` of the fixture with the article; no social images, which show no code. */
const build = (out: string, cache: string, ...more: string[]) =>
  runSite(BLOG_SITE, 'build', '--content', content, '--out', path.join(tmp, out), '--cache-dir', path.join(tmp, cache), '--no-social-images', ...more);

const stylesheet = async (dir: string) => {
  const assets = await readdir(path.join(tmp, dir, 'assets'));
  return readFile(path.join(tmp, dir, 'assets', assets.find((f) => /^main\.[\w-]+\.css$/.test(f))!), 'utf8');
};

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-highlight-'));
  content = path.join(tmp, 'content');
  await copyBlogContent(content);
  await writeFile(path.join(content, 'blog', 'deck-from-a-script.md'), ARTICLE);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('highlighted code in a build', () => {
  it('highlights the blocks of an article, with no style attribute anywhere, the colours in the stylesheet, the same bytes warm and with a worker', async () => {
    const cold = await build('cold', 'cache', '--workers', '0');
    expect(cold.code, cold.stderr).toBe(0);
    const html = await readFile(path.join(tmp, 'cold', 'blog', 'deck-from-a-script.html'), 'utf8');
    expect(html).toContain('<pre class="hl"><code class="language-ts"><span class="hl-keyword">import');
    expect(html).toContain('<span class="hl-comment">// Ten slides in the brand theme.</span>');
    expect(html).toContain('<pre class="hl"><code class="language-sh">');
    expect(html).toMatch(/<span class="hl-string-expression">&quot;brand&quot;<\/span>/);
    for (const [file] of Object.entries(await hashTree(path.join(tmp, 'cold')))) {
      if (file.endsWith('.html')) expect(await readFile(path.join(tmp, 'cold', file), 'utf8'), file).not.toMatch(/\sstyle=/);
    }
    const css = await stylesheet('cold');
    expect(css).toContain('@layer site-highlight{');
    expect(css).toContain('.hl-keyword{color:var(--hl-keyword)}');
    // The fixture declares no dark colour scheme: its code blocks stay light in a dark system.
    expect(css).not.toMatch(/site-highlight.*prefers-color-scheme/);

    const warm = await build('warm', 'cache', '--workers', '0');
    expect(warm.code, warm.stderr).toBe(0);
    expect(warm.stdout).toMatch(/\(0 rendered, \d+ from cache/);
    expect(await hashTree(path.join(tmp, 'warm'))).toEqual(await hashTree(path.join(tmp, 'cold')));

    // A worker thread loads shiki on its own and writes the same bytes.
    const worker = await build('worker', 'cache-worker', '--workers', '1');
    expect(worker.code, worker.stderr).toBe(0);
    expect(worker.stdout).toMatch(/, 1 workers\)$/m);
    expect(await hashTree(path.join(tmp, 'worker'))).toEqual(await hashTree(path.join(tmp, 'cold')));
  });

  it('leaves code plain and the stylesheet without its colours when the site turns highlighting off', async () => {
    // A copy of the fixture whose config turns highlighting off.
    const site = await copyBlogSite(path.join(tmp, 'site-off'));
    const config = path.join(site, 'site.config.ts');
    const text = await readFile(config, 'utf8');
    expect(text).toContain('routes: buildRoutes,');
    await writeFile(config, text.replace('routes: buildRoutes,', 'routes: buildRoutes,\n  markdown: { highlight: false },'));
    const run = await runSite(site, 'build', '--content', content, '--out', path.join(tmp, 'off'), '--cache-dir', path.join(tmp, 'cache-off'), '--no-social-images');
    expect(run.code, run.stderr).toBe(0);
    const html = await readFile(path.join(tmp, 'off', 'blog', 'deck-from-a-script.html'), 'utf8');
    expect(html).toContain('<pre><code class="language-ts">import { generate }');
    expect(html).not.toContain('hl-');
    expect(await stylesheet('off')).not.toContain('site-highlight');
  });

  it('highlights in site dev too, for a site outside the engine\'s folder', async () => {
    const init = await runSite(tmp, 'init', 'init-site');
    expect(init.code, init.stderr).toBe(0);
    const child = spawn(process.execPath, [path.join(root, 'bin', 'site.js'), 'dev', '--port', '0', '--no-backend'], {
      cwd: path.join(tmp, 'init-site'),
      env: { ...process.env, NO_COLOR: '1' },
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const onData = (d: Buffer) => {
          out += d.toString();
          const ready = /ready in \d+ ms: (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (ready) resolve(ready[1]!);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', () => reject(new Error(`site dev exited:\n${out}`)));
      });
      const html = await (await fetch(`${url}/articles/adding-pages`)).text();
      expect(html).toContain('<pre class="hl"><code class="language-ts"><span class="hl-keyword">const </span><span class="hl-constant">about</span>');
      // The stylesheet the page links, under the hashed name a build gives it.
      const css = /<link rel="stylesheet" href="(\/assets\/main[^"]*\.css)"/.exec(html)?.[1];
      expect(css).toBeDefined();
      expect(await (await fetch(`${url}${css}`)).text()).toContain('@layer site-highlight{');
      // The render worker keeps the regular expressions it translated beside the site's bundle, once it has answered.
      const cache = path.join(tmp, 'init-site', '.site', 'cache');
      await expect.poll(async () => (await readdir(cache)).filter((f) => /^shiki-regex-[0-9a-f]{16}\.json$/.test(f)), { timeout: 10_000 }).toHaveLength(1);
    } finally {
      // Wait for it to exit: on its way out it writes its code cache into .site/cache, which the
      // folder's removal would otherwise race.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill();
        await exited;
      }
    }
  });
});
