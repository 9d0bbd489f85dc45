/**
 * A site folder copied or renamed together with its .site/ (a renamed project, a CI cache restored onto
 * another path) builds as before, as a user runs the CLI: the site's bundle still applies (it carries the
 * site's code, not its folder's path: no bundle is made again), and so does the build cache: every page
 * from the cache, the bytes of the first build. On the docs fixture (tests/fixtures/docs-site).
 */
import { cp, mkdir, mkdtemp, readdir, rename, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashTree, runSite } from './runSite.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
let tmp: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-moved-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** The site's own bundles in its .site/cache. */
const siteBundles = async (site: string) => (await readdir(path.join(site, '.site', 'cache'))).filter((f) => /^site\.\w+\.cjs$/.test(f));

it('builds warm in a copy of its folder, then with the copy renamed, and writes the same bytes', async () => {
  const first = path.join(tmp, 'first');
  await mkdir(first);
  for (const p of ['site.config.ts', 'content', 'templates']) await cp(path.join(repo, 'tests/fixtures/docs-site', p), path.join(first, p), { recursive: true });
  await symlink(path.join(repo, 'node_modules'), path.join(first, 'node_modules'), 'dir');
  const built = await runSite(first, 'build');
  expect(built.code, built.stderr).toBe(0);
  const pages = /Built (\d+) pages/.exec(built.stdout)![1];
  const bytes = await hashTree(path.join(first, 'dist'));

  const bundles = await siteBundles(first);
  expect(bundles).toHaveLength(1);

  const copy = path.join(tmp, 'copy');
  await cp(first, copy, { recursive: true, verbatimSymlinks: true });
  const copied = await runSite(copy, 'build');
  expect(copied.code, copied.stderr).toBe(0);
  expect(await siteBundles(copy), 'the bundle the copy came with, and no other').toEqual(bundles);
  expect(copied.stdout).toContain(`(0 rendered, ${pages} from cache)`);
  expect(await hashTree(path.join(copy, 'dist'))).toEqual(bytes);

  const renamed = path.join(tmp, 'renamed');
  await rename(copy, renamed);
  const again = await runSite(renamed, 'build');
  expect(again.code, again.stderr).toBe(0);
  expect(await siteBundles(renamed)).toEqual(bundles);
  expect(again.stdout).toContain(`(0 rendered, ${pages} from cache)`);
  expect(await hashTree(path.join(renamed, 'dist'))).toEqual(bytes);
});
