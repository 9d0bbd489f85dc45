/**
 * The edge of checkOutDir.ts: reads what the output folder holds and
 * throws when the build may not replace it, before the build writes
 * anything. Paths are compared as the file system resolves them (a
 * symbolic link to the content folder is the content folder). A folder
 * written by an earlier build costs one lookup of its marker file; git is
 * asked only about a folder that is neither missing, empty nor marked,
 * and not at all where it is not installed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResolvedConfig } from './config.ts';
import { checkOutDir, protectedReason, siteFolders, type OutDirFound } from './checkOutDir.ts';
import { SiteError } from './errors.ts';
import { OUTPUT_MARKER } from './writeOutput.ts';

/** How many of a folder's entries an error shows. */
const SHOWN = 5;

/** Throws OutputDirUnsafe or OutputDirNotEmpty when `site build` may not replace config.outDir. */
export function guardOutDir(config: Pick<ResolvedConfig, 'root' | 'outDir' | 'contentDir' | 'templatesDir' | 'cacheDir' | 'emptyOutDir'>): void {
  const site = siteFolders(
    { root: realPath(config.root), contentDir: realPath(config.contentDir), templatesDir: realPath(config.templatesDir), cacheDir: realPath(config.cacheDir) },
    realPath(os.homedir()),
  );
  const dir = realPath(config.outDir);
  const reason = protectedReason(dir, site);
  if (reason) throw new SiteError('OutputDirUnsafe', { dir: config.outDir, reason });
  const error = checkOutDir(dir, site, readOutDir(dir), { emptyOutDir: config.emptyOutDir, shownAs: config.outDir });
  if (error) throw error;
}

/** What `dir` holds, for checkOutDir. */
export function readOutDir(dir: string): OutDirFound {
  try {
    if (statSync(path.join(dir, OUTPUT_MARKER)).isFile()) return { kind: 'marked' };
  } catch {
    /* not marked: look closer */
  }
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    if (code === 'ENOTDIR') return { kind: 'file' };
    throw e;
  }
  if (names.length === 0) return { kind: 'empty' };
  const repository = names.includes('.git');
  return { kind: 'foreign', entries: names.sort().slice(0, SHOWN), count: names.length, repository, tracked: !repository && tracksFiles(dir) };
}

/** Whether git tracks a file in `dir` (false where git is missing or `dir` is in no repository). */
export function tracksFiles(dir: string): boolean {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: '0' };
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete env[name];
  // One name is enough: output past the buffer stops git, and is a yes.
  const run = spawnSync('git', ['-C', dir, 'ls-files', '-z', '--', '.'], { env, stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 4096 });
  if (run.error) return (run.error as NodeJS.ErrnoException).code === 'ENOBUFS';
  return run.status === 0 && run.stdout.length > 0;
}

/** `p` with symbolic links resolved as far as it exists; the rest (not there yet) as written. */
export function realPath(p: string): string {
  const rest: string[] = [];
  for (let dir = path.resolve(p); ; ) {
    try {
      return path.join(realpathSync.native(dir), ...rest.reverse());
    } catch {
      const parent = path.dirname(dir);
      if (parent === dir) return path.resolve(p);
      rest.push(path.basename(dir));
      dir = parent;
    }
  }
}
