/**
 * A build split across machines keeps shiki's translated regular expressions beside the site's bundle, as a
 * whole build does (generator/content/regexTable.ts): a shard's job writes the table into the site's
 * .site/cache, and a later job that finds it there (a CI cache restored) translates nothing, so writes it no
 * more, and writes the same bytes. On the blog fixture (one post with a code block), as one shard of one.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixtureCopy, type SiteCopy } from './dev/fixtureCopy.ts';
import { hashTree, runSite } from './runSite.ts';

let copy: SiteCopy;
let site: string;
let tmp: string;

beforeAll(async () => {
  copy = await fixtureCopy('blog-site');
  site = copy.root;
  tmp = path.dirname(site);
});
afterAll(() => copy?.remove());

/** The site's tables: the files beside its bundle named shiki-regex-<key>.json. */
const tables = async () => (await readdir(path.join(site, '.site', 'cache'))).filter((f) => /^shiki-regex-[0-9a-f]{16}\.json$/.test(f));

/** `site build --shard 1/1` into `out`, with a build cache of its own (a cold build). */
const shard = (out: string) => runSite(site, 'build', '--shard', '1/1', '--out', path.join(tmp, out), '--cache-dir', path.join(tmp, `${out}-cache`), '--no-social-images');

it("writes the table in a shard's job, and reads it in the next one", async () => {
  const first = await shard('first');
  expect(first.code, first.stderr).toBe(0);
  expect(first.stdout).toMatch(/Built shard 1\/1: 12 of 12 pages/);
  const [table, ...others] = await tables();
  expect(others).toEqual([]);
  const file = path.join(site, '.site', 'cache', table!);
  expect(Object.keys((JSON.parse(await readFile(file, 'utf8')) as { patterns: object }).patterns).length).toBeGreaterThan(0);
  const written = await stat(file);

  const second = await shard('second');
  expect(second.code, second.stderr).toBe(0);
  expect(await hashTree(path.join(tmp, 'second'))).toEqual(await hashTree(path.join(tmp, 'first')));
  const after = await stat(file);
  expect([after.ino, after.mtimeMs], 'the table as the first job wrote it').toEqual([written.ino, written.mtimeMs]);
});
