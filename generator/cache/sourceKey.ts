/**
 * What the generator and the site's code are made of, as one hash: every
 * file of the engine, of the site's templates and of its config, and the
 * dependency versions they run with (the lock file). Any edit to a
 * template, a schema, the markdown renderer or an npm upgrade changes it,
 * and with it every cache key. Its small files are read synchronously:
 * read with promises, each file would wait for several turns of an event
 * loop that is busy handing out and parsing articles, and the key would
 * come late.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashParts } from '../core/contentHash.ts';

/** The folder holding generator/ and package-lock.json. */
export const generatorRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

function readOrMissing(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch {
    return Buffer.from('missing');
  }
}

/** Hash of every file under `dirs` and of `files`, by path (relative to `base`: the generator's root unless given) and content. */
export function treeKey(dirs: string[], files: string[] = [], base = generatorRoot): string {
  const unique = [...new Set([...dirs.flatMap(filesUnder), ...files])].sort();
  return hashParts(unique.flatMap((f) => [path.relative(base, f), readOrMissing(f)]));
}

/** The site's code: folders and files besides the engine's own, in the site's folder `root`. */
export interface SiteSources {
  root: string;
  dirs: string[];
  files: string[];
}

/**
 * The engine's files by their paths in the engine, the site's by theirs in the site's folder: a site folder
 * renamed or copied with its .site/ keeps its key, and its cache.
 */
export function sourceKey(site: SiteSources = { root: generatorRoot, dirs: [], files: [] }): string {
  const engine = treeKey([path.join(generatorRoot, 'generator')], [path.join(generatorRoot, 'package.json'), path.join(generatorRoot, 'package-lock.json')]);
  return hashParts([engine, treeKey(site.dirs, site.files, site.root)]);
}

/** sourceKey() in the next turn of the event loop: work handed out in this one goes first. */
export const laterSourceKey = (site?: SiteSources): Promise<string> =>
  new Promise((resolve, reject) =>
    setImmediate(() => {
      try {
        resolve(sourceKey(site));
      } catch (e) {
        reject(e);
      }
    }),
  );
