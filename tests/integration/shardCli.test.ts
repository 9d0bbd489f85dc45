/**
 * `site build --shard i/n` and `site build --merge <dirs…>` as a user runs them (the CLI in a child
 * process), on the blog fixture (tests/fixtures/blog-site): two shards and their merge write what
 * `site build` writes; a slice that is not one, or a shard missing, is a message with a hint and exit 1.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BLOG_SITE } from './blogSite.ts';
import { hashTree, runSite } from './runSite.ts';

let tmp: string;
const site = (...args: string[]) => runSite(BLOG_SITE, ...args, '--no-social-images');

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-split-cli-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

it('two shards and a merge write the bytes of one build; a bad slice or a missing shard fails with a hint', async () => {
  const at = (name: string) => path.join(tmp, name);
  const single = await site('build', '--out', at('single'), '--cache-dir', at('single-cache'));
  expect(single.code, single.stderr).toBe(0);
  for (const i of [1, 2]) {
    const shard = await site('build', '--shard', `${i}/2`, '--out', at(`shard-${i}`), '--cache-dir', at(`cache-${i}`));
    expect(shard.code, shard.stderr).toBe(0);
    expect(shard.stdout).toMatch(new RegExp(`^Built shard ${i}/2: \\d+ of \\d+ pages and 0 other files into .* \\(\\d+ rendered, 0 from cache\\)$`, 'm'));
  }
  const merged = await site('build', '--merge', at('shard-1'), at('shard-2'), '--out', at('merged'), '--cache-dir', at('merge-cache'));
  expect(merged.code, merged.stderr).toBe(0);
  expect(merged.stdout).toMatch(/^Merged 2 shards: \d+ pages \(\d+ files, .*\) into .* in \d+ ms/m);
  expect(await hashTree(at('merged'))).toEqual(await hashTree(at('single')));

  const bad = await site('build', '--shard', '3/2', '--out', at('shard-3'));
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain('Shard is not of the form i/n [ShardOptionInvalid]');
  const missing = await site('build', '--merge', at('shard-1'), '--out', at('merged'), '--cache-dir', at('merge-cache'));
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('The build was split into 2 shards; 2/2 is not among the folders given.');
  expect(missing.stderr).toContain('Hint: Pass --merge one folder of every shard');
  expect(await hashTree(at('merged'))).toEqual(await hashTree(at('single')));
});
