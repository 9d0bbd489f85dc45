/** A content author's broken link fails the whole build with the page named, and nothing is written (on a copy of tests/fixtures/docs-site). */
import { cp, mkdtemp, readFile, rm, writeFile, access } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import { SiteError } from '../../generator/core/errors.ts';

const fixture = fileURLToPath(new URL('../fixtures/docs-site', import.meta.url));
let tmp: string;
let root: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-checks-'));
  root = path.join(tmp, 'docs-site');
  await cp(fixture, root, { recursive: true, filter: (src) => !src.includes(`${path.sep}.site`) });
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

it('fails the build on a link to a page that does not exist', async () => {
  const file = path.join(root, 'content', 'docs', 'guides', 'caching.md');
  await writeFile(file, `${await readFile(file, 'utf8')}\n\nSee [our old guide](/guides/old-guide) and [the exit codes](/docs/reference/exit-codes#no-such-question).\n`);
  const out = path.join(tmp, 'dist');
  const error = await build({ root, out, cacheDir: path.join(tmp, 'cache'), backend: null, log: () => {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SiteError);
  const e = error as SiteError;
  expect(e.code).toBe('CheckFailed');
  expect(e.message).toContain('/docs/guides/caching: <a> points to /guides/old-guide');
  expect(e.message).toContain('has no element with id "no-such-question"');
  await expect(access(out)).rejects.toThrow();
});
