/** A copy of tests/fixtures/docs-site (no widgets, no supabase/) in a temporary folder, node_modules linked, with a cache folder of its own. */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

export interface SiteCopy {
  root: string;
  cacheDir: string;
  dataDir: string;
  /** Rewrites a file of the copy (path relative to its root). */
  edit(file: string, fn: (text: string) => string): Promise<void>;
  remove(): Promise<void>;
}

export async function docsSiteCopy(): Promise<SiteCopy> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-dev-docs-'));
  const root = path.join(tmp, 'site');
  await mkdir(root);
  const from = path.join(repo, 'tests/fixtures/docs-site');
  await Promise.all(['site.config.ts', 'content', 'templates'].map((p) => cp(path.join(from, p), path.join(root, p), { recursive: true })));
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return {
    root,
    cacheDir: path.join(tmp, 'cache'),
    dataDir: path.join(tmp, 'db'),
    edit: async (file, fn) => writeFile(path.join(root, file), fn(await readFile(path.join(root, file), 'utf8'))),
    remove: () => rm(tmp, { recursive: true, force: true }),
  };
}
