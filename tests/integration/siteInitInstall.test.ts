/**
 * `site init` as a stranger runs it: the engine's tarball (packedEngine.ts) installed into an empty folder
 * outside the repository, with the TypeScript the engine is checked with, then `npx site init fresh` there:
 * the new site depends on the engine by its name and version and, finding the engine in the node_modules
 * above it (npm looks there too), type-checks and builds without a word on stderr.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { engine, npx, run, tarballs, typecheckAndBuild } from './packedEngine.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-init-install-'));
  const tarball = (await tarballs()).engine;
  await writeFile(path.join(tmp, 'package.json'), `${JSON.stringify({ name: 'sites', private: true }, null, 2)}\n`);
  const install = await run(tmp, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball, `typescript@${engine.devDependencies.typescript}`]);
  expect(install.code, install.stderr).toBe(0);
}, 900_000);
afterAll(() => rm(tmp, { recursive: true, force: true }));

it('makes a new site with `site init` from the installed engine that depends on it by version, type-checks and builds', async () => {
  const init = await npx(tmp, ['init', 'fresh']);
  expect(init.stderr).toBe('');
  expect(init.code).toBe(0);
  const fresh = path.join(tmp, 'fresh');
  const pkg = JSON.parse(await readFile(path.join(fresh, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  expect(pkg.dependencies[engine.name]).toBe(`^${engine.version}`);
  await typecheckAndBuild(fresh);
  expect(existsSync(path.join(fresh, 'dist', 'index.html'))).toBe(true);
}, 900_000);
