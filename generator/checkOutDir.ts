/**
 * Whether `site build` may replace a folder with its output, decided from
 * paths and from what the folder holds (read by guardOutDir.ts). A build
 * replaces its output folder whole, so it takes only a folder that is
 * missing, empty, or was written by an earlier build (it holds the
 * OUTPUT_MARKER file); any other folder only with --empty-out-dir. Some
 * folders are never replaced, with or without it: the file system's root,
 * the home folder, the project root and its parents, a .git folder and
 * anything in it, a git repository or a folder holding files git tracks,
 * and the site's own source and state folders (or anything inside or
 * around them). Pure.
 */
import path from 'node:path';
import { SiteError } from './errors.ts';
import { OUTPUT_MARKER } from './writeOutput.ts';

/** The folders an output must keep clear of. */
export interface OutDirSite {
  root: string;
  home?: string;
  /** Source and state folders, each with the words that name it in a message ("the content folder"). */
  sources: [dir: string, name: string][];
}

/** What the folder holds now; git is asked (tracked) only about a folder that is none of the first three. */
export type OutDirFound =
  | { kind: 'missing' | 'empty' | 'marked' | 'file' }
  | { kind: 'foreign'; entries: string[]; count: number; repository: boolean; tracked: boolean };

/** The site's own folders below `root`, besides its content, templates and build cache. */
const SOURCE_FOLDERS = ['widgets', 'supabase', 'generator', 'bin', 'scripts', 'tests', 'node_modules'];

/** The folders of a site (absolute paths) that an output must keep clear of. */
export function siteFolders(folders: { root: string; contentDir: string; templatesDir: string; cacheDir: string }, home?: string): OutDirSite {
  const { root } = folders;
  return {
    root,
    home,
    sources: [
      [folders.contentDir, 'the content folder'],
      [folders.templatesDir, 'the templates folder'],
      ...SOURCE_FOLDERS.map((d): [string, string] => [path.join(root, d), `the site's ${d} folder`]),
      [path.join(root, '.site'), "the tool's own folder .site (caches, local database)"],
      [folders.cacheDir, 'the build cache'],
    ],
  };
}

/** Whether `dir` is `parent` or inside it. */
const within = (dir: string, parent: string): boolean => dir === parent || dir.startsWith(parent.endsWith(path.sep) ? parent : parent + path.sep);

/** Why `dir` (absolute, normalized) may never be replaced, worded to follow "it": null when it may be. */
export function protectedReason(dir: string, site: OutDirSite): string | null {
  if (dir === path.parse(dir).root) return 'is the root of the file system';
  if (dir.split(path.sep).includes('.git')) return 'is a .git folder or inside one';
  if (within(site.root, dir)) return dir === site.root ? 'is the project root' : 'contains the project root';
  if (site.home && within(site.home, dir)) return dir === site.home ? 'is the home folder' : 'contains the home folder';
  for (const [folder, name] of site.sources) {
    if (dir === folder) return `is ${name}`;
    if (within(dir, folder)) return `is inside ${name}`;
    if (within(folder, dir)) return `contains ${name}`;
  }
  return null;
}

/**
 * The error that refuses `dir` as the output folder, or null when the build may replace it. `shownAs`:
 * the folder as the user named it (default `dir`).
 */
export function checkOutDir(
  dir: string,
  site: OutDirSite,
  found: OutDirFound,
  options: { emptyOutDir?: boolean; shownAs?: string } = {},
): SiteError | null {
  const shown = options.shownAs ?? dir;
  const reason =
    protectedReason(dir, site) ??
    (found.kind === 'file'
      ? 'is a file, not a folder'
      : found.kind !== 'foreign'
        ? null
        : found.repository
          ? 'is a git repository (it holds .git)'
          : found.tracked
            ? 'holds files tracked by git'
            : null);
  if (reason) return new SiteError('OutputDirUnsafe', { dir: shown, reason });
  if (found.kind !== 'foreign' || options.emptyOutDir) return null;
  return new SiteError('OutputDirNotEmpty', { dir: shown, entries: found.entries, count: found.count, marker: OUTPUT_MARKER });
}
