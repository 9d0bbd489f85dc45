/**
 * The build cache deletes files from its folder (pages no pack refers to,
 * stale deltas), so it works only in a folder of its own: one that is
 * missing, empty, or holds nothing but what a build cache makes. Such a
 * folder is tagged with a CACHEDIR.TAG file (https://bford.info/cachedir/:
 * backup tools skip the folder), which later builds find with one read.
 * Any other folder is refused before the cache writes into it.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../core/errors.ts';

export const CACHE_TAG = 'CACHEDIR.TAG';
const SIGNATURE = 'Signature: 8a477f597d28d172789f06886806bc55';
const TAG_TEXT = `${SIGNATURE}\n# This file is a cache directory tag created by site build (its build cache).\n# For information about cache directory tags see https://bford.info/cachedir/\n`;

/** What a build cache holds: its packs, its pages, images and social images folders, files being written, and the tag. */
const OWN = /^(pages|images|social|CACHEDIR\.TAG|[\w.-]+\.pack|.+\.tmp)$/;
/** What its pages folder holds: pages by their SHA-256, and files being written. */
const OWN_PAGE = /^([0-9a-f]{64}\.html|.+\.tmp)$/;
/** What its images folder holds: encoded images by name, hash and width (images/contentImages.ts), and files being written. */
const OWN_IMAGE = /^([a-z0-9-]+-[0-9a-f]{8}-\d+\.(avif|webp|jpg|png|svg|gif)|.+\.tmp)$/;

/** How many foreign entries an error shows. */
const SHOWN = 5;

/** Makes `dir` the build cache's own folder, or throws CacheDirNotEmpty (having written nothing) when it holds anything else. */
export function claimCacheDir(dir: string): void {
  const tag = path.join(dir, CACHE_TAG);
  try {
    if (readFileSync(tag, 'utf8') === TAG_TEXT) return;
  } catch {
    /* not tagged yet */
  }
  const foreign = [
    ...namesIn(dir).filter((name) => !OWN.test(name)),
    ...namesIn(path.join(dir, 'pages')).filter((name) => !OWN_PAGE.test(name)).map((name) => `pages/${name}`),
    ...namesIn(path.join(dir, 'images')).filter((name) => !OWN_IMAGE.test(name)).map((name) => `images/${name}`),
  ];
  if (foreign.length) throw new SiteError('CacheDirNotEmpty', { dir, entries: foreign.sort().slice(0, SHOWN), count: foreign.length });
  mkdirSync(dir, { recursive: true });
  writeFileSync(tag, TAG_TEXT);
}

/** The entries of `dir`; none when it is missing. */
function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}
