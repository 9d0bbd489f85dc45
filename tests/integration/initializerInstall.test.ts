/**
 * The initializer as a stranger gets it: its tarball (`npm pack -w packages/create-skerry`, packedEngine.ts)
 * run by npx in an empty folder outside the repository, the engine's tarball installed into the site it
 * made, which type-checks, builds and serves in `site dev` without a warning, depending on the engine by the
 * engine's own name. Then `site init` as a stranger runs it from that installed engine (`npx site init`):
 * the new site depends on the engine by its name and version and, finding the engine and TypeScript in the
 * node_modules above it (npm looks there too), type-checks and builds without a word on stderr.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, npx, run, serve, tarballs, typecheckAndBuild } from './packedEngine.ts';

let tmp: string;
let tarball: string;
let initializer: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-init-pack-'));
  ({ engine: tarball, initializer } = await tarballs());
}, 900_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

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
    await typecheckAndBuild(site);
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

  it('makes a new site with `site init` from the installed engine that depends on it by version, type-checks and builds', async () => {
    const init = await npx(site, ['init', 'fresh']);
    expect(init.stderr).toBe('');
    expect(init.code).toBe(0);
    const fresh = path.join(site, 'fresh');
    const pkg = JSON.parse(await readFile(path.join(fresh, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(pkg.dependencies[engine.name]).toBe(`^${engine.version}`);
    await typecheckAndBuild(fresh);
    expect(existsSync(path.join(fresh, 'dist', 'index.html'))).toBe(true);
  });
});
