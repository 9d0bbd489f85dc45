/**
 * generator/selfBundle.mjs with a site and without one (`site init`, `--help` outside a site), for one
 * folder: the two bundles are cached apart, so that a bundle without the site never stands in for the
 * site's own (the engine's folder is a site too), and outside the engine's folder; a copy of a site's
 * folder gets a bundle of its own; the packages a bundle leaves out load from the engine's installation
 * wherever the bundle is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as esbuild from 'esbuild';
import { bundleOptions, cachedBundle, selfBundle } from '../../generator/selfBundle.mjs';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-self-bundle-'));
  await writeFile(path.join(root, 'entry.mjs'), 'export const answer = 42;\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

it('caches the bundle without a site apart from the site bundle of the same folder', async () => {
  const bare = await selfBundle(root, 'cli', 'entry.mjs', 'esm');
  const ofSite = await selfBundle(root, 'cli', 'entry.mjs', 'esm', undefined, root);
  expect(path.dirname(ofSite)).toBe(path.join(root, '.site', 'cache'));
  expect(path.dirname(bare)).not.toBe(path.dirname(ofSite));
  expect(await cachedBundle(root, 'cli')).toBe(bare);
  expect(await cachedBundle(root, 'cli', root)).toBe(ofSite);
});

it("does not take the bundle of the folder a site was copied from for its own (it carries the other folder's site)", async () => {
  const site = path.join(root, 'first-site');
  const copy = path.join(root, 'copied-site');
  await mkdir(site);
  const ofSite = await selfBundle(root, 'cli', 'entry.mjs', 'esm', undefined, site);
  await cp(site, copy, { recursive: true });
  expect(await cachedBundle(root, 'cli', copy)).toBeNull();
  const own = await selfBundle(root, 'cli', 'entry.mjs', 'esm', undefined, copy);
  expect(path.dirname(own)).toBe(path.join(copy, '.site', 'cache'));
  expect(await cachedBundle(root, 'cli', site)).toBe(ofSite);
});

it('writes a bundle without a site outside the engine folder', async () => {
  const bare = await selfBundle(root, 'cli', 'entry.mjs', 'esm');
  expect(path.relative(root, bare).startsWith('..')).toBe(true);
  expect(existsSync(path.join(root, '.site', 'cache', 'no-site'))).toBe(false);
});

it('loads the packages a bundle leaves out from the engine, wherever the bundle is written', async () => {
  // Both formats, written into a folder that has no node_modules of its own.
  const entry = path.join(root, 'heavy.mjs');
  await writeFile(entry, "Promise.all([import('satori'), import('sharp')]).then(() => console.log('loaded'));\n");
  for (const format of ['esm', 'cjs'] as const) {
    const result = await esbuild.build({ ...bundleOptions(entry, format), absWorkingDir: root });
    const file = path.join(root, `out.${format === 'cjs' ? 'cjs' : 'mjs'}`);
    await writeFile(file, result.outputFiles!.find((f) => !f.path.endsWith('.map'))!.text);
    const out = execFileSync(process.execPath, [file], { cwd: os.tmpdir(), encoding: 'utf8' });
    expect(out.trim(), format).toBe('loaded');
  }
});
