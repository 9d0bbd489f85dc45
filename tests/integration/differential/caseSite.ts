/**
 * A case's site in a temporary folder of its own: the fixture copied (its git files, not its .site/),
 * node_modules linked, the case's changes made; the CLI run in it as a user runs it, and an output folder
 * read back as path -> bytes.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSite, type Run } from '../runSite.ts';
import { applyChanges } from './changes.ts';
import type { Output } from './compareOutputs.ts';
import type { Case } from './planCase.ts';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

export interface CaseSite {
  /** The temporary folder: the site's folder `site/` and every path's output and cache beside it. */
  tmp: string;
  root: string;
  /** `tmp/<name>`. */
  at(name: string): string;
  /** `site ...args` in `cwd` (default: the site's folder); a non-zero exit throws with what it printed. */
  site(args: string[], cwd?: string): Promise<Run>;
  remove(): Promise<void>;
}

export async function caseSite(c: Case): Promise<CaseSite> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), `site-diff-${c.fixture}-`));
  const root = path.join(tmp, 'site');
  const from = path.join(repo, 'tests/fixtures', c.fixture);
  await mkdir(root);
  for (const name of await readdir(from)) {
    if (name === '.site' || name === 'dist' || name === 'node_modules') continue;
    await cp(path.join(from, name), path.join(root, name), { recursive: true });
  }
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await applyChanges(root, c.setup);
  return {
    tmp,
    root,
    at: (name) => path.join(tmp, name),
    async site(args, cwd = root) {
      const run = await runSite(cwd, ...args);
      if (run.code !== 0) throw new Error(`site ${args.join(' ')} (in ${cwd}) exited with ${run.code}:\n${run.stderr}${run.stdout}`);
      return run;
    },
    remove: () => (process.env.SITE_DIFF_KEEP ? Promise.resolve() : rm(tmp, { recursive: true, force: true })),
  };
}

/** Every file under `dir`, by its path relative to it. */
export async function readOutput(dir: string): Promise<Output> {
  const out: Output = new Map();
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out.set(path.relative(dir, full), await readFile(full));
  }
  return out;
}

/** The entries of a list collection's folder (relative to it, sorted): what a plan may edit. */
export async function entryFiles(fixture: string, entriesDir: string): Promise<string[]> {
  const dir = path.join(repo, 'tests/fixtures', fixture, entriesDir);
  const all = await readdir(dir, { recursive: true, withFileTypes: true });
  return all
    .filter((e) => e.isFile() && e.name.endsWith('.md'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}
