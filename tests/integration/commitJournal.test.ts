/**
 * A build written into its previous output (generator/output/commitJournal.ts) leaves the previous
 * output or the new one, never a mix. `site build` runs as a user runs it, in a child process, killed
 * with SIGKILL at points of its commit (SITE_TEST_KILL_IN_COMMIT); what it leaves is compared file by
 * file with a build of each version of the content into a folder of its own. The builds that are not
 * killed run in this process (buildHere: the exit code `site build` gives).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverOutput } from '../../generator/output/commitJournal.ts';
import { journalPath, parseJournal } from '../../generator/output/outputJournal.ts';
import { BLOG_SITE, copyBlogContent } from './blogSite.ts';
import { buildHere, type Built } from './buildHere.ts';
import { hashTree, runSiteWithEnv, type Run } from './runSite.ts';

let tmp: string;
let content: string;
let dist: string;
/** The output of each version of the content, built whole into a folder of its own. */
let before: Record<string, string>;
let after: Record<string, string>;

/** A build in this process, as `site build --no-social-images` in the fixture's folder. */
const build = (out: string, cache: string): Promise<Built> => buildHere({ root: BLOG_SITE, content, out, cacheDir: cache });

/** `site build` in a child process that kills itself at the `point`th point of its commit. */
const killedBuild = (out: string, cache: string, point: number): Promise<Run> =>
  runSiteWithEnv(BLOG_SITE, { SITE_SUPABASE_URL: '', SITE_SUPABASE_ANON_KEY: '', SITE_TEST_KILL_IN_COMMIT: String(point) }, 'build', '--content', content, '--out', out, '--cache-dir', cache, '--no-social-images');

const article = (name: string) => path.join(content, 'blog', name);
const NEW = `---
title: "A new article"
description: "Written between two builds."
date: "2025-05-01"
readTime: "1 min read"
category: "Tools"
author: "The Quill Team"
---

A new article, with a page of its own.
`;
let edited: string;
let removed: string;
let original: string;

/** The content as the previous build saw it. */
async function contentBefore(): Promise<void> {
  await writeFile(article('commit-messages.md'), original);
  await writeFile(article('release-checklist.md'), removed);
  await rm(article('a-new-article.md'), { force: true });
}

/** One article changed, one deleted, one added: the commit moves files in and removes others. */
async function contentAfter(): Promise<void> {
  await writeFile(article('commit-messages.md'), edited);
  await rm(article('release-checklist.md'));
  await writeFile(article('a-new-article.md'), NEW);
}

const ok = (run: Built) => expect(run.code, run.stderr).toBe(0);

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-journal-'));
  content = await copyBlogContent(path.join(tmp, 'content'));
  dist = path.join(tmp, 'out', 'dist');
  original = await readFile(article('commit-messages.md'), 'utf8');
  edited = `${original}\nOne more paragraph, written between two builds.\n`;
  removed = await readFile(article('release-checklist.md'), 'utf8');
  ok(await build(path.join(tmp, 'ref-before'), path.join(tmp, 'cache-before')));
  before = await hashTree(path.join(tmp, 'ref-before'));
  await contentAfter();
  ok(await build(path.join(tmp, 'ref-after'), path.join(tmp, 'cache-after')));
  after = await hashTree(path.join(tmp, 'ref-after'));
  await contentBefore();
  ok(await build(dist, path.join(tmp, 'cache')));
}, 120_000);

afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** Which build's output `dist` holds, file by file: 'before', 'after', or a mix (then the test fails). */
async function whose(): Promise<'before' | 'after'> {
  const found = await hashTree(dist);
  if (JSON.stringify(found) === JSON.stringify(before)) return 'before';
  expect(found).toEqual(after);
  return 'after';
}

describe('a build written into its previous output', () => {
  it('changes the folder to exactly what a whole build writes, and leaves nothing beside it', async () => {
    expect(before).not.toEqual(after);
    await contentAfter();
    ok(await build(dist, path.join(tmp, 'cache')));
    expect(await whose()).toBe('after');
    await contentBefore();
    ok(await build(dist, path.join(tmp, 'cache')));
    expect(await whose()).toBe('before');
    expect(await readdir(path.dirname(dist))).toEqual(['dist']);
  }, 60_000);

  it('leaves the previous output as it was, and nothing beside it, when the build fails before its commit', async () => {
    await writeFile(article('commit-messages.md'), `${original}\n[A link to nowhere](/blog/no-such-article)\n`);
    const failed = await build(dist, path.join(tmp, 'cache'));
    expect(failed.code).not.toBe(0);
    expect(await whose()).toBe('before');
    expect(await readdir(path.dirname(dist))).toEqual(['dist']);
    await contentBefore();
  }, 60_000);

  // The points of a commit: 0 before the journal is in place, 1 just after it, then one after each move and
  // each removal, then the last with every file in place and the journal not yet deleted.
  it('killed at points of its commit, leaves the previous output or the new one, whole once the next command starts', async () => {
    // The journal this change makes, read from a build killed just after putting it in place.
    await contentAfter();
    expect((await killedBuild(dist, path.join(tmp, 'cache'), 1)).code).toBeNull();
    const journal = parseJournal(await readFile(journalPath(dist), 'utf8'))!;
    expect(journal.moves.length).toBeGreaterThan(3);
    expect(journal.removes.length).toBeGreaterThan(0);
    const moved = 1 + journal.moves.length;
    const last = moved + journal.removes.length + 1;
    const points = [...new Set([0, 2, Math.ceil(moved / 2), moved, moved + 1, last - 1, last])];
    recoverOutput(dist);
    for (const point of points) {
      await contentBefore();
      ok(await build(dist, path.join(tmp, 'cache')));
      expect(await whose()).toBe('before');
      await contentAfter();
      const run = await killedBuild(dist, path.join(tmp, 'cache'), point);
      expect(run.code, `${point}: ${run.stderr}`).toBeNull();
      // Before its journal is in place, the folder is the previous output, untouched.
      if (point === 0) expect(await whose()).toBe('before');
      expect(existsSync(journalPath(dist))).toBe(point > 0);
      // What `site build` and `site preview` do first: the journal rolled forward, or the killed build's files dropped.
      recoverOutput(dist);
      expect(await whose()).toBe(point === 0 ? 'before' : 'after');
      expect(await readdir(path.dirname(dist))).toEqual(['dist']);
    }
  }, 240_000);

  it('killed during its commit, is completed by the next build', async () => {
    await contentBefore();
    ok(await build(dist, path.join(tmp, 'cache')));
    await contentAfter();
    const killed = await killedBuild(dist, path.join(tmp, 'cache'), 3);
    expect(killed.code).toBeNull();
    expect(existsSync(journalPath(dist))).toBe(true);
    ok(await build(dist, path.join(tmp, 'cache')));
    expect(await whose()).toBe('after');
    expect(await readdir(path.dirname(dist))).toEqual(['dist']);
  }, 60_000);
});
