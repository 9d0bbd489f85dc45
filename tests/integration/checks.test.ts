/** A content author's broken link fails the whole build with the page named, and nothing is written. */
import { cp, mkdtemp, readFile, rm, writeFile, access } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { build } from '../../generator/build.ts';
import { SiteError } from '../../generator/core/errors.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-checks-'));
  await cp('content', path.join(tmp, 'content'), { recursive: true });
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

it('fails the build on a link to a page that does not exist', async () => {
  const file = path.join(tmp, 'content', 'blog', 'canva-vs-google-slides.md');
  await writeFile(file, `${await readFile(file, 'utf8')}\n\nSee [our old guide](/guides/old-guide) and [the FAQ](/pricing#no-such-question).\n`);
  const out = path.join(tmp, 'dist');
  const error = await build({ content: path.join(tmp, 'content'), out, backend: null, log: () => {} }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(SiteError);
  const e = error as SiteError;
  expect(e.code).toBe('CheckFailed');
  expect(e.message).toContain('/blog/canva-vs-google-slides: <a> points to /guides/old-guide');
  expect(e.message).toContain('has no element with id "no-such-question"');
  await expect(access(out)).rejects.toThrow();
});
