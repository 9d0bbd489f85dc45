/**
 * Symbolic links in a site's content. What a build publishes comes from the site: a content file or
 * folder that resolves outside the site's folder is a ContentLinkOutside error naming the link, unless
 * the config sets `followSymlinks`. A link that resolves inside the site is fine. The content folder
 * itself is trusted when --content names one outside the site's folder (the user chose it).
 *
 * Only links are resolved: a listing knows them from readdir's entry types, a named file from one
 * lstat; folders are resolved once each (memoized), never every file.
 */
import { lstatSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from './errors.ts';
import { resolvesInside } from './resolvesInside.ts';

export interface LinkPolicy {
  /** The site's folder. */
  root: string;
  /** The content folder. */
  contentDir: string;
  /** The config's followSymlinks: links may lead anywhere. */
  follow: boolean;
}

/** The policy of a site (its folder, content folder and config's followSymlinks). */
export const linkPolicy = (root: string, contentDir: string, follow = false): LinkPolicy => ({
  root: path.resolve(root),
  contentDir: path.resolve(contentDir),
  follow,
});

/** The policy when no site is known: links must stay inside the content folder itself. */
export const contentOnly = (contentDir: string): LinkPolicy => linkPolicy(contentDir, contentDir);

/** What a content image or file is shown by, for the error: the content file, its line and the image's path. */
export interface ShownBy {
  file: string;
  line?: number;
  src: string;
}

const realOrNull = (p: string): string | null => {
  try {
    return realpathSync.native(p);
  } catch {
    return null;
  }
};

/** The folders a link may resolve into: the site's, and the content folder when it lies elsewhere. */
function allowedDirs(policy: LinkPolicy): string[] {
  const dirs = [realOrNull(policy.root) ?? policy.root];
  if (!resolvesInside(policy.contentDir, [policy.root])) dirs.push(realOrNull(policy.contentDir) ?? policy.contentDir);
  return dirs;
}

/**
 * Checks paths of the content against a policy; `file` for a file (an lstat, a realpath only for a
 * link, and its folder's check), `folder` for a folder, `link` for an entry readdir said is a link.
 * A path that does not exist passes: reading it reports that.
 */
export function linkChecker(policy: LinkPolicy) {
  let allowed: string[] | undefined;
  const inside = (real: string) => resolvesInside(real, (allowed ??= allowedDirs(policy)));
  const folders = new Set<string>();

  /** The link along `abs` (from the site's or content folder down) that leads outside: the error. */
  const outside = (abs: string, real: string, shown?: ShownBy): SiteError => {
    const base = resolvesInside(abs, [policy.root]) ? policy.root : policy.contentDir;
    const parts = path.relative(base, abs).split(path.sep);
    let link = abs;
    let target = real;
    for (let i = 1; i <= parts.length; i++) {
      const p = path.join(base, ...parts.slice(0, i));
      const r = lstatSync(p, { throwIfNoEntry: false })?.isSymbolicLink() ? realOrNull(p) : null;
      if (r && !inside(r)) {
        [link, target] = [p, r];
        break;
      }
    }
    const rel = path.relative(policy.root, link).split(path.sep).join('/');
    return new SiteError('ContentLinkOutside', { link: rel, target, ...(shown ?? {}) });
  };

  const check = (abs: string, shown?: ShownBy) => {
    if (policy.follow) return;
    const real = realOrNull(abs);
    if (real !== null && !inside(real)) throw outside(abs, real, shown);
  };

  const folder = (abs: string, shown?: ShownBy) => {
    if (policy.follow || folders.has(abs)) return;
    check(abs, shown);
    folders.add(abs);
  };

  return {
    folder,
    /** An entry readdir listed as a symbolic link. */
    link: check,
    file(abs: string, shown?: ShownBy) {
      if (policy.follow) return;
      folder(path.dirname(abs), shown);
      if (lstatSync(abs, { throwIfNoEntry: false })?.isSymbolicLink()) check(abs, shown);
    },
  };
}

export type LinkChecker = ReturnType<typeof linkChecker>;
