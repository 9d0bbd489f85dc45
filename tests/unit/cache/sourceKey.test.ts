/**
 * The generator's and templates' key (cache/sourceKey.ts) names the site's files by their paths in the
 * site's folder: a folder renamed or copied elsewhere keeps its key (and its build cache), while an edit,
 * a new file or a renamed one inside the folder changes it.
 */
import { cp, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sourceKey } from '../../../generator/cache/sourceKey.ts';

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-source-key-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

const sources = (root: string) => ({ root, dirs: [path.join(root, 'templates')], files: [path.join(root, 'site.config.ts')] });

it('is the same for a site folder copied or renamed, and another for an edit inside it', async () => {
  const first = path.join(tmp, 'first');
  await mkdir(path.join(first, 'templates'), { recursive: true });
  await writeFile(path.join(first, 'site.config.ts'), 'export default {};\n');
  await writeFile(path.join(first, 'templates', 'Page.tsx'), 'export const Page = () => null;\n');
  const key = sourceKey(sources(first));

  await cp(first, path.join(tmp, 'copy'), { recursive: true });
  expect(sourceKey(sources(path.join(tmp, 'copy')))).toBe(key);
  await rename(first, path.join(tmp, 'renamed'));
  const renamed = path.join(tmp, 'renamed');
  expect(sourceKey(sources(renamed))).toBe(key);

  await rename(path.join(renamed, 'templates', 'Page.tsx'), path.join(renamed, 'templates', 'Post.tsx'));
  const fileRenamed = sourceKey(sources(renamed));
  expect(fileRenamed).not.toBe(key);
  await writeFile(path.join(renamed, 'templates', 'Post.tsx'), 'export const Page = () => 1;\n');
  expect(sourceKey(sources(renamed))).not.toBe(fileRenamed);
});
