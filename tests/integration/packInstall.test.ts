/**
 * The engine as a stranger gets it: `npm pack`ed, its tarball installed into a folder outside the
 * repository (its dependencies from the registry or npm's cache), with a site of that folder's own
 * (tests/fixtures/outside-site) run through `npx site`: build, dev from a cold cache, preview, the
 * embedded backend and `gen types`; then `site init` in another folder, whose site type-checks and
 * builds. One install, shared by those steps. And the initializer as a stranger gets it: its tarball
 * (`npm pack -w packages/create-skerry`) run by npx in an empty folder outside the repository, the
 * engine's tarball installed into the site it made, which type-checks, builds and serves in `site dev`
 * without a warning, depending on the engine by the engine's own name.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendBaseKey } from '../../generator/backend/backendBase.ts';
import { runCommand, type Run } from './runSite.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixture = path.join(repo, 'tests', 'fixtures', 'outside-site');
const BACKEND = { SITE_SUPABASE_URL: 'https://outside.supabase.example', SITE_SUPABASE_ANON_KEY: 'anon-key' };

/** The environment of a command a user types: no npm script's variables, no colours, no backend unless given. */
const userEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_package_|npm_lifecycle_|npm_config_local_prefix|INIT_CWD|VITEST)/.test(k)));
  return { ...env, NO_COLOR: '1', SITE_SUPABASE_URL: '', SITE_SUPABASE_ANON_KEY: '', ...extra };
};

const run = (cwd: string, command: string, args: string[], env?: Record<string, string>): Promise<Run> => runCommand(cwd, command, args, userEnv(env));

const npx = (cwd: string, args: string[], env?: Record<string, string>) => run(cwd, 'npx', ['--no', 'site', ...args], env);

/**
 * A long-running `npx site ...` in its own process group (npx runs the CLI as its child): resolves with
 * its output once `ready` matches it, and a stop that ends the whole group.
 */
async function serve(cwd: string, args: string[], ready: RegExp): Promise<{ match: RegExpExecArray; output: () => string; stop: () => Promise<void> }> {
  const child = spawn('npx', ['--no', 'site', ...args], { cwd, env: userEnv(), detached: true });
  let out = '';
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const seen = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m) resolve(m);
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', (code) => reject(new Error(`site ${args[0]} exited (${code}):\n${out}`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  return { match, output: () => out, stop };
}

/** `npm pack` of the package in `dir` (`-w` for a workspace) into `into`: the tarball's path. */
async function pack(into: string, ...workspace: string[]): Promise<string> {
  const packed = await run(repo, 'npm', ['pack', '--json', '--pack-destination', into, ...workspace]);
  expect(packed.code, packed.stderr).toBe(0);
  // A workspace's prepack (its build) prints before the JSON.
  return path.join(into, (JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as { filename: string }[])[0]!.filename);
}

const engine = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { name: string; version: string; devDependencies: Record<string, string> };

let tmp: string;
let app: string;
let tarball: string;
let initializer: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-pack-'));
  app = path.join(tmp, 'app');
  [tarball, initializer] = await Promise.all([pack(tmp), pack(tmp, '-w', 'packages/create-skerry')]);
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
  // TypeScript for the new site's `typecheck` (below), the version the engine is checked with.
  const install = await run(app, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, `typescript@${engine.devDependencies.typescript}`]);
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

  it('makes a new site with `site init` that depends on the engine by version, type-checks and builds', async () => {
    const init = await npx(app, ['init', 'fresh']);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    const fresh = path.join(app, 'fresh');
    const pkg = JSON.parse(await readFile(path.join(fresh, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies[engine.name]).toBe(`^${engine.version}`);
    // Its node_modules is the one above it, where the tarball is installed (npm looks there too).
    const typecheck = await run(fresh, 'npm', ['run', 'typecheck']);
    expect(typecheck.stderr).toBe('');
    expect(typecheck.code).toBe(0);
    const build = await run(fresh, 'npm', ['run', 'build']);
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    expect(existsSync(path.join(fresh, 'dist', 'index.html'))).toBe(true);
  });
});

describe('the initializer run from its tarball in an empty folder outside the repository', { timeout: 900_000 }, () => {
  let site: string;
  beforeAll(async () => {
    const empty = path.join(tmp, 'empty');
    await mkdir(empty);
    const made = await run(empty, 'npx', ['--yes', '--package', initializer, `create-${engine.name}`, 'trail-club']);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('Made the site "Trail Club" (the blog template)');
    site = path.join(empty, 'trail-club');
  }, 900_000);

  it("depends on the engine by the engine's own name and version, and on what its templates import", async () => {
    const pkg = JSON.parse(await readFile(path.join(site, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies).toEqual({ [engine.name]: `^${engine.version}`, react: expect.stringMatching(/^\^19\./), zod: expect.stringMatching(/^\^4\./) });
    expect(existsSync(path.join(site, '.npmrc'))).toBe(false);
    // The engine's tarball, in place of the registry's package of that name and version.
    const install = await run(site, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball]);
    expect(install.code, install.stderr).toBe(0);
    const installed = JSON.parse(await readFile(path.join(site, 'node_modules', engine.name, 'package.json'), 'utf8')) as { name: string; version: string };
    expect(installed).toMatchObject({ name: engine.name, version: engine.version });
  });

  it('type-checks and builds without a warning', async () => {
    const typecheck = await run(site, 'npm', ['run', 'typecheck']);
    expect(typecheck.stderr).toBe('');
    expect(typecheck.code).toBe(0);
    const build = await run(site, 'npm', ['run', 'build']);
    expect(build.stderr).toBe('');
    expect(build.code).toBe(0);
    expect(existsSync(path.join(site, 'dist', 'feed.xml'))).toBe(true);
  });

  it('serves in `site dev` without a warning', async () => {
    const dev = await serve(site, ['dev', '--port', '0'], /site dev ready in \d+ ms: (http:\/\/127\.0\.0\.1:\d+)/);
    try {
      const url = dev.match[1]!;
      expect((await fetch(`${url}/`)).status).toBe(200);
      const article = await fetch(`${url}/articles/hello-world`);
      expect(article.status).toBe(200);
      expect(await article.text()).toContain('data-island="CopyLink"');
      await new Promise((r) => setTimeout(r, 1000));
      expect(dev.output()).not.toMatch(/warning|error/i);
    } finally {
      await dev.stop();
    }
  });
});
