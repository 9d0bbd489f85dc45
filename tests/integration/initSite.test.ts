/**
 * `site init` as a user runs it, in a temporary folder outside the engine's: it makes a site that
 * `site build` builds with every check and budget passing (its island in the JavaScript report) and
 * that `site dev --no-backend` serves; into a folder that is not empty it refuses and changes nothing.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashTree, runSite, type Run } from './runSite.ts';

const bin = fileURLToPath(new URL('../../bin/site.js', import.meta.url));

let tmp: string;
let site: string;
let init: Run;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-init-'));
  site = path.join(tmp, 'site');
  init = await runSite(tmp, 'init', 'site');
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

describe('site init site (in an empty temporary folder)', () => {
  it('makes the site and says what it made and what to run next', () => {
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    for (const file of ['site.config.ts', 'content/site.json', 'content/articles/hello-world.md', 'templates/Layout.tsx', 'widgets/islands/CopyLink.ts', '.gitignore', 'README.md', 'package.json']) {
      expect(init.stdout).toContain(`  ${file}\n`);
      expect(existsSync(path.join(site, file)), file).toBe(true);
    }
    expect(init.stdout).toContain('cd site\n');
    expect(init.stdout).toMatch(/npm install .*\n.*npx site dev .*\n.*npx site build /);
  });

  it('names the engine in package.json and ignores dist/ and .site/', async () => {
    const pkg = JSON.parse(await readFile(path.join(site, 'package.json'), 'utf8')) as { name: string; dependencies: Record<string, string> };
    expect(pkg.name).toBe('site');
    // The engine runs from its folder here (not from an installed package): a path relative to the site.
    const engine = JSON.parse(await readFile(path.resolve(bin, '../../package.json'), 'utf8')) as { name: string };
    expect(pkg.dependencies[engine.name]).toBe(`file:${path.relative(site, path.resolve(bin, '../..')).split(path.sep).join('/')}`);
    expect((await readFile(path.join(site, '.gitignore'), 'utf8')).split('\n')).toEqual(expect.arrayContaining(['dist/', '.site/']));
  });

  it('builds with every check and budget passing, and reports the island', async () => {
    const build = await runSite(site, 'build');
    expect(build.stderr).toBe(''); // no backend (no supabase/ folder): no warning about its settings
    expect(build.code).toBe(0);
    expect(build.stdout).toMatch(/island CopyLink +\d+\.\d KB/);
    expect(build.stdout).toMatch(/Built 4 pages/);
    for (const page of ['index.html', 'articles/hello-world.html', 'articles/adding-pages.html', '404.html', 'sitemap.xml']) {
      expect(existsSync(path.join(site, 'dist', page)), page).toBe(true);
    }
    const home = await readFile(path.join(site, 'dist', 'index.html'), 'utf8');
    expect(home).toContain('<h1>Site</h1>');
    expect(home).toContain('href="/articles/hello-world"');
    const article = await readFile(path.join(site, 'dist', 'articles', 'hello-world.html'), 'utf8');
    expect(article).toContain('data-island="CopyLink"');
    expect(article).toContain('"@type":"BreadcrumbList"');
  });

  it('serves the site with `site dev --no-backend`', async () => {
    const child = spawn(process.execPath, [bin, 'dev', '--no-backend', '--port', '0'], { cwd: site, env: { ...process.env, NO_COLOR: '1' } });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const ready = /site dev ready in \d+ ms: (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (ready) resolve(ready[1]!);
        });
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.on('exit', (code) => reject(new Error(`site dev exited (${code}):\n${out}`)));
      });
      const home = await fetch(`${url}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain('<h1>Site</h1>');
      // The loader the page links, under the hashed name a build gives it.
      const src = /<script type="module" src="(\/assets\/loader[^"]*\.js)"/.exec(html)?.[1];
      expect(src).toBeDefined();
      const loader = await fetch(`${url}${src}`);
      expect(loader.status).toBe(200);
      expect(await loader.text()).toContain('CopyLink');
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });
});

describe('site init into a folder that is not empty', () => {
  it('refuses with the error and its hint, and changes nothing', async () => {
    const dir = path.join(tmp, 'taken');
    await mkdir(dir);
    await writeFile(path.join(dir, 'notes.txt'), 'mine\n');
    const before = await hashTree(dir);
    const run = await runSite(tmp, 'init', 'taken');
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Folder for the new site is not empty [InitDirNotEmpty]');
    expect(run.stderr).toContain('taken already holds notes.txt.');
    expect(run.stderr).toContain('Hint: Pass a new folder, for example `site init my-site`, or empty this one first.');
    expect(await hashTree(dir)).toEqual(before);
  });

  it('refuses to make a site over an existing one (the default folder is the current one)', async () => {
    const before = await hashTree(site);
    const run = await runSite(site, 'init');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[InitDirNotEmpty]');
    expect(await hashTree(site)).toEqual(before);
  });
});
