/**
 * generator/selfBundle.mjs with a site and without one (`site init`, `--help` outside a site), for one
 * folder: the two bundles are cached apart, so that a bundle without the site never stands in for the
 * site's own (the engine's folder is a site too).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cachedBundle, selfBundle } from '../../generator/selfBundle.mjs';

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
