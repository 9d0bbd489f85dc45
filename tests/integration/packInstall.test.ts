/**
 * The engine as a stranger gets it: `npm pack`ed (packedEngine.ts), its tarball installed into a folder
 * outside the repository (its dependencies from the registry or npm's cache), with a site of that folder's
 * own (tests/fixtures/outside-site) run through `npx site`: build, dev from a cold cache, preview, the
 * embedded backend and `gen types`. One install, shared by those steps. The initializer's tarball, and
 * `site init` run from the installed engine, are initializerInstall.test.ts's.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendBaseKey } from '../../generator/backend/backendBase.ts';
import { BACKEND, npx, repo, run, serve, tarballs } from './packedEngine.ts';

const fixture = path.join(repo, 'tests', 'fixtures', 'outside-site');

let tmp: string;
let app: string;
let tarball: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-pack-'));
  app = path.join(tmp, 'app');
  tarball = (await tarballs()).engine;
  await cp(fixture, app, { recursive: true });
  // The site's own package.json (the fixture has none: in this repository it type-checks as part of the engine's package).
  await writeFile(path.join(app, 'package.json'), `${JSON.stringify({ name: 'outside-site', private: true, type: 'module' }, null, 2)}\n`);
  // The binary inputs: the Inter font of another fixture, and images drawn here.
  await mkdir(path.join(app, 'templates', 'fonts'), { recursive: true });
  await cp(path.join(repo, 'tests/fixtures/image-site/templates/fonts/inter-latin-700-normal.woff'), path.join(app, 'templates/fonts/inter-latin-700-normal.woff'));
  const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2255aa' } }).png();
  await mkdir(path.join(app, 'content/images'));
  await mkdir(path.join(app, 'content/posts/images'));
  await solid(1200, 600).toFile(path.join(app, 'content/images/hero.png'));
  await solid(700, 350).toFile(path.join(app, 'content/posts/images/chart.png'));
  const install = await run(app, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball]);
  expect(install.code, install.stderr).toBe(0);
}, 900_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

// Each step starts processes that load the installed engine for the first time: minutes on a busy machine.
describe('the engine installed from its tarball, in a folder outside the repository', { timeout: 600_000 }, () => {
  it('packs only the engine: no site of this repository, no tests; and the backend base a new data dir starts from', async () => {
    const files = await run(tmp, 'tar', ['-tzf', tarball]);
    const names = files.stdout.split('\n').filter(Boolean);
    expect(names).toContain('package/bin/site.js');
    expect(names).toContain('package/generator/site/api.ts');
    expect(names).toContain(`package/generator/backend/base/backend-base-${backendBaseKey()}.tar.br`);
    expect(names.filter((n) => /^package\/(content|templates|widgets|supabase|tests|scripts)\/|^package\/site\.config\.ts$/.test(n))).toEqual([]);
  });

  it('builds the site: pages, content images, highlighted code, social images and search, without a warning', async () => {
    const build = await npx(app, ['build'], BACKEND);
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    const home = await readFile(path.join(app, 'dist', 'index.html'), 'utf8');
    expect(home).toContain('<picture>');
    expect(home).toContain('data-island="Notes"');
    const post = await readFile(path.join(app, 'dist', 'posts', 'first.html'), 'utf8');
    expect(post).toContain('<picture>');
    expect(post).toContain('<span class="hl-keyword">');
    const social = await readdir(path.join(app, 'dist', 'assets', 'social'));
    expect(social.some((f) => f.endsWith('.png'))).toBe(true);
    expect(existsSync(path.join(app, 'dist', 'search', 'index.json'))).toBe(true);
  });

  it('serves content images, social images and search with `site dev` from a cold cache', async () => {
    await rm(path.join(app, '.site'), { recursive: true, force: true });
    const dev = await serve(app, ['dev', '--port', '0', '--backend-port', '0'], /site dev ready in \d+ ms: (http:\/\/127\.0\.0\.1:\d+)/);
    try {
      const url = dev.match[1]!;
      const page = await fetch(`${url}/posts/first`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<picture>');
      const socialImage = /og:image" content="https?:\/\/[^/"]+(\/[^"]+\.png)"/.exec(html)?.[1];
      expect(socialImage).toBeDefined();
      const png = await fetch(`${url}${socialImage}`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect((await fetch(`${url}/search/index.json`)).status).toBe(200);
    } finally {
      await dev.stop();
    }
  });

  it('previews the build', async () => {
    const preview = await serve(app, ['preview', '--port', '0'], /Previewing dist\/ at (http:\/\/127\.0\.0\.1:\d+)/);
    try {
      expect((await fetch(`${preview.match[1]}/posts/first`)).status).toBe(200);
    } finally {
      await preview.stop();
    }
  });

  it('runs the backend, whose REST API answers for the site\'s own table', async () => {
    const backend = await serve(app, ['backend', '--port', '0'], /API URL +(http:\/\/127\.0\.0\.1:\d+)\n +anon key +(\S+)/);
    try {
      const [, url, anonKey] = backend.match;
      const notes = await fetch(`${url}/rest/v1/notes?select=body`, { headers: { apikey: anonKey! } });
      expect(notes.status).toBe(200);
      expect(await notes.json()).toEqual([{ body: 'The first note' }]);
    } finally {
      await backend.stop();
    }
  });

  it("prints the types of the site's table with `site gen types`", async () => {
    const types = await npx(app, ['gen', 'types']);
    expect(types.code).toBe(0);
    expect(types.stdout).toMatch(/notes: \{\s+Row: \{\s+body: string\s+id: number/);
  });
});
