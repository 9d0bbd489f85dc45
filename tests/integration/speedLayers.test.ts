/**
 * Every speed layer of `site build` can be turned off (SITE_SPEED_OFF, generator/speedLayers.cjs) to
 * measure what it gains, and the output stays byte for byte the same: for each layer, a cold build, a
 * build after one article changed and a build with nothing changed write what the default build writes.
 * With a worker forced (--workers 1), so the shards' paths run on a small site: the blog fixture
 * (tests/fixtures/blog-site) with 40 generated articles, without social images (no layer has a path of
 * their own, and drawing them would be most of each cold build; their cache and their files kept in place
 * in the output are tests/integration/socialImages.test.ts's).
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateArticles } from '../../scripts/generateArticles.ts';
import { SPEED_LAYERS } from '../../generator/core/speedLayers.cjs';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';
import { hashTree, runSiteWithEnv } from './runSite.ts';

const root = BLOG_SITE;
let tmp = '';
const expected: Record<string, string>[] = [];
/** Each build's report, and the cache's packs after the second build, by the name of the run. */
const reports: Record<string, string[]> = {};
const packs: Record<string, string[]> = {};

/** Three builds into one output and cache folder: cold, after one article changed, with nothing changed. */
async function buildThrice(name: string, off: string): Promise<Record<string, string>[]> {
  const content = path.join(tmp, `content-${name}`);
  await cp(path.join(tmp, 'content'), content, { recursive: true });
  const env = { SITE_SUPABASE_URL: '', SITE_SUPABASE_ANON_KEY: '', SITE_SPEED_OFF: off };
  const args = ['build', '--content', content, '--out', path.join(tmp, `dist-${name}`), '--cache-dir', path.join(tmp, `cache-${name}`), '--workers', '1', '--no-social-images'];
  const trees: Record<string, string>[] = [];
  for (const step of ['cold', 'one changed', 'nothing changed']) {
    if (step === 'one changed') {
      const file = path.join(content, 'blog', 'bench-00003.md');
      await writeFile(file, `${await readFile(file, 'utf8')}\nOne more sentence.\n`);
    }
    const run = await runSiteWithEnv(root, env, ...args);
    expect(run.code, `${name}, ${step}:\n${run.stderr}`).toBe(0);
    trees.push(await hashTree(path.join(tmp, `dist-${name}`)));
    (reports[name] ??= []).push(run.stdout);
    if (step === 'one changed') packs[name] = await readdir(path.join(tmp, `cache-${name}`));
  }
  return trees;
}

describe('with a speed layer off', () => {
  beforeAll(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'speed-layers-'));
    await copyBlogContent(path.join(tmp, 'content'));
    await generateArticles(path.join(tmp, 'content'), 40);
    expected.push(...(await buildThrice('default', '')));
    expect(Object.keys(expected[0]!).length).toBeGreaterThan(60);
    expect(expected[1]).not.toEqual(expected[0]);
  }, 180_000);
  afterAll(() => rm(tmp, { recursive: true, force: true }));

  for (const layer of Object.keys(SPEED_LAYERS)) {
    it(`${layer} off: the same output, cold, after one article changed and with nothing changed`, async () => {
      const trees = await buildThrice(layer, layer);
      for (let i = 0; i < 3; i++) expect(trees[i]).toEqual(expected[i]);
    }, 180_000);
  }

  it('the switches take effect: no worker, no pack delta, no "Up to date"', () => {
    expect(reports.default![0]).toMatch(/, 1 workers\)/);
    expect(reports.workers![0]).not.toMatch(/workers\)/);
    expect(packs.default).toContain('pages-delta.pack');
    expect(packs.packDeltas!.filter((f) => f.endsWith('-delta.pack'))).toEqual([]);
    expect(reports.default![2]).toMatch(/^Up to date: /m);
    expect(reports.buildRecord![2]).not.toMatch(/^Up to date: /m);
    expect(reports.buildRecord![2]).toMatch(/from cache/);
  });

  it('every layer off at once: the same output', async () => {
    const trees = await buildThrice('all', Object.keys(SPEED_LAYERS).join(','));
    for (let i = 0; i < 3; i++) expect(trees[i]).toEqual(expected[i]);
  }, 180_000);

  it('an unknown layer name fails the build and lists the known ones', async () => {
    const run = await runSiteWithEnv(root, { SITE_SPEED_OFF: 'warpDrive' }, 'build', '--content', path.join(tmp, 'content'), '--out', path.join(tmp, 'dist-unknown'), '--cache-dir', path.join(tmp, 'cache-unknown'));
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'Unknown speed layer [SpeedLayerUnknown]\nSITE_SPEED_OFF names "warpDrive", which is not a speed layer.\n' +
        'Hint: Name some of workers, codeCache, bundleStore, packDeltas, buildRecord, shared, regexTable, inPlace (comma-separated), or unset SITE_SPEED_OFF.\n',
    );
  }, 60_000);
});
