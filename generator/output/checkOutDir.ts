/**
 * Whether `site build` may replace a folder with its output, decided from
 * paths and from what the folder holds (read by guardOutDir.ts). A build
 * replaces its output folder whole, so it takes only a folder that is
 * missing, empty, or holds exactly what the last build wrote there (its
 * OUTPUT_MARKER file lists it), besides the entries the user names to keep
 * (--keep); any other folder only with --empty-out-dir. Some folders are
 * never replaced, with or without it, and these checks come first: the
 * file system's root, the home folder, the project root and its parents,
 * a .git folder and anything in it, a git repository (unless its .git is
 * kept and it tracks nothing but what this site's builds wrote: publishing
 * from the output's own repository) or a folder holding files another
 * repository tracks, and the site's own source and state
 * folders (or anything inside or around them). Pure.
 */
import path from 'node:path';
import { SiteError } from '../core/errors.ts';
import { OUTPUT_MARKER } from './outputMarker.ts';

/** The folders an output must keep clear of. */
export interface OutDirSite {
  root: string;
  home?: string;
  /** Source and state folders, each with the words that name it in a message ("the content folder"). */
  sources: [dir: string, name: string][];
}

/**
 * What the folder holds now. `names`: its entries, sorted; `written`: the entries its marker says the
 * last build wrote, null without a marker; `tracked`: git tracks files in it (asked only of a folder
 * that is no repository of its own); `ownTracked`: for a repository of its own, the entries at its top
 * that hold the files it tracks, null when git could not list them (absent where git is not installed).
 */
export type OutDirFound =
  | { kind: 'missing' | 'file' }
  | { kind: 'folder'; names: string[]; written: string[] | null; repository: boolean; tracked: boolean; ownTracked?: string[] | null };

/** How many of a folder's entries an error names. */
const SHOWN = 5;

/**
 * Why --empty-out-dir may not empty a repository whose .git is kept, or null: it tracks files no build of
 * this site wrote (an entry neither its marker lists nor --keep names), or git could not say what it
 * tracks. Only a repository of this site's output (a pages branch) is refilled. Without --empty-out-dir
 * such an entry stops the build anyway, as any entry the last build did not write (OutputDirNotEmpty).
 */
function ownRepositoryReason(found: Extract<OutDirFound, { kind: 'folder' }>, keep: ReadonlySet<string>): string | null {
  if (!found.repository || found.ownTracked === undefined) return null;
  if (found.ownTracked === null) return 'is a git repository whose tracked files git could not list';
  const written = new Set(found.written ?? []);
  const foreign = found.ownTracked.filter((name) => name !== OUTPUT_MARKER && !written.has(name) && !keep.has(name));
  if (foreign.length === 0) return null;
  const shown = foreign.slice(0, SHOWN).join(', ');
  return `is a git repository tracking files no build of this site wrote (${foreign.length > SHOWN ? `${shown} and ${foreign.length - SHOWN} more` : shown})`;
}

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
 * The error that refuses `dir` as the output folder, or null when the build may replace it. `keep`:
 * entries the build leaves in place (--keep); `shownAs`: the folder as the user named it (default `dir`).
 */
export function checkOutDir(
  dir: string,
  site: OutDirSite,
  found: OutDirFound,
  options: { emptyOutDir?: boolean; keep?: readonly string[]; shownAs?: string } = {},
): SiteError | null {
  const shown = options.shownAs ?? dir;
  const keep = new Set(options.keep ?? []);
  const reason =
    protectedReason(dir, site) ??
    (found.kind === 'file'
      ? 'is a file, not a folder'
      : found.kind !== 'folder'
        ? null
        : found.repository && !keep.has('.git')
          ? 'is a git repository (it holds .git)'
          : !found.repository && found.tracked
            ? 'holds files tracked by git'
            : options.emptyOutDir
              ? ownRepositoryReason(found, keep)
              : null);
  if (reason) return new SiteError('OutputDirUnsafe', { dir: shown, reason });
  if (found.kind !== 'folder' || options.emptyOutDir) return null;
  const written = new Set(found.written ?? []);
  const others = found.names.filter((n) => n !== OUTPUT_MARKER && !keep.has(n) && !written.has(n));
  if (others.length === 0) return null;
  const entries = others.slice(0, SHOWN);
  if (found.written) return new SiteError('OutputDirHasOthers', { dir: shown, entries, count: others.length, marker: OUTPUT_MARKER });
  return new SiteError('OutputDirNotEmpty', { dir: shown, entries, count: others.length, marker: OUTPUT_MARKER });
}
