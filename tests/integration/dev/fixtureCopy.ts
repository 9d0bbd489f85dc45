/** A copy of a fixture site (docs-site: no widgets, no supabase/) in a temporary folder, node_modules linked, with a cache folder of its own. */
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
  /** Writes a new file of the copy (path relative to its root). */
  write(file: string, text: string): Promise<void>;
  remove(): Promise<void>;
}

export async function fixtureCopy(fixture = 'docs-site'): Promise<SiteCopy> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-fixture-'));
  const root = path.join(tmp, 'site');
  await mkdir(root);
  const from = path.join(repo, 'tests/fixtures', fixture);
  await Promise.all(['site.config.ts', 'content', 'templates'].map((p) => cp(path.join(from, p), path.join(root, p), { recursive: true })));
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return {
    root,
    cacheDir: path.join(tmp, 'cache'),
    dataDir: path.join(tmp, 'db'),
    edit: async (file, fn) => writeFile(path.join(root, file), fn(await readFile(path.join(root, file), 'utf8'))),
    write: async (file, text) => {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    },
    remove: () => rm(tmp, { recursive: true, force: true }),
  };
}
