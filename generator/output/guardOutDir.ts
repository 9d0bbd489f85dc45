/**
 * The edge of checkOutDir.ts: reads what the output folder holds and
 * throws when the build may not replace it, before the build writes
 * anything. Paths are compared as the file system resolves them (a
 * symbolic link to the content folder is the content folder). Every
 * folder that holds anything is read whole at its top level, its marker
 * read, and git asked whether it tracks files there, and for a repository
 * of its own which of its entries it tracks (not at all where git is not
 * installed): a marker never stands in for those checks.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResolvedConfig } from '../config.ts';
import { checkOutDir, protectedReason, siteFolders, type OutDirFound } from './checkOutDir.ts';
import { SiteError } from '../core/errors.ts';
import { recoverOutput } from './commitJournal.ts';
import { markerEntries, OUTPUT_MARKER } from './outputMarker.ts';

/**
 * Throws OutputDirUnsafe or OutputDirNotEmpty when `site build` may not replace config.outDir. A build
 * killed during its commit left a journal beside it: that output is completed first (commitJournal.ts), so
 * the folder checked, and then built on, is one build's whole.
 */
export function guardOutDir(config: Pick<ResolvedConfig, 'root' | 'outDir' | 'contentDir' | 'templatesDir' | 'cacheDir' | 'emptyOutDir' | 'keep'>): void {
  const site = siteFolders(
    { root: realPath(config.root), contentDir: realPath(config.contentDir), templatesDir: realPath(config.templatesDir), cacheDir: realPath(config.cacheDir) },
    realPath(os.homedir()),
  );
  const dir = realPath(config.outDir);
  const reason = protectedReason(dir, site);
  if (reason) throw new SiteError('OutputDirUnsafe', { dir: config.outDir, reason });
  recoverOutput(config.outDir);
  const error = checkOutDir(dir, site, readOutDir(dir), { emptyOutDir: config.emptyOutDir, keep: config.keep, shownAs: config.outDir });
  if (error) throw error;
}

/** What `dir` holds, for checkOutDir. */
export function readOutDir(dir: string): OutDirFound {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'missing' };
    if (code === 'ENOTDIR') return { kind: 'file' };
    throw e;
  }
  const repository = names.includes('.git');
  const found: OutDirFound = { kind: 'folder', names, written: readMarker(dir), repository, tracked: !repository && names.length > 0 && tracksFiles(dir) };
  if (!repository) return found;
  const own = trackedEntries(dir);
  return own === undefined ? found : { ...found, ownTracked: own };
}

/** The entries the marker in `dir` lists, or null where there is no marker file. */
function readMarker(dir: string): string[] | null {
  try {
    return markerEntries(readFileSync(path.join(dir, OUTPUT_MARKER), 'utf8'));
  } catch (e) {
    // A folder where the marker should be is no marker (EISDIR); a missing one neither.
    if (['ENOENT', 'EISDIR', 'ENOTDIR'].includes((e as NodeJS.ErrnoException).code ?? '')) return null;
    throw e;
  }
}

/** Whether git tracks a file in `dir` (false where git is missing or `dir` is in no repository). */
export function tracksFiles(dir: string): boolean {
  // One name is enough: output past the buffer stops git, and is a yes.
  const run = spawnSync('git', ['-C', dir, 'ls-files', '-z', '--', '.'], { env: gitEnv(), stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 4096 });
  if (run.error) return (run.error as NodeJS.ErrnoException).code === 'ENOBUFS';
  return run.status === 0 && run.stdout.length > 0;
}

/**
 * The entries at the top of repository `dir` that hold files it tracks (its index), sorted; null when git
 * cannot list them (a repository it refuses to read), undefined where git is not installed.
 */
export function trackedEntries(dir: string): string[] | null | undefined {
  const run = spawnSync('git', ['-C', dir, 'ls-files', '-z', '--', '.'], { env: gitEnv(), stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 30 });
  if (run.error) return (run.error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : null;
  if (run.status !== 0) return null;
  const names = new Set<string>();
  for (const file of run.stdout.toString('utf8').split('\0')) if (file) names.add(file.split('/')[0]!);
  return [...names].sort();
}

/** The environment for git: none of the variables that would point it at another repository. */
function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_OPTIONAL_LOCKS: '0' };
  for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE']) delete env[name];
  return env;
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
