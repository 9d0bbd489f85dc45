/**
 * What the generator and the site's code are made of, as one hash: every
 * file of the engine, of the site's templates and of its config, and the
 * dependency versions they run with (the lock file). Any edit to a
 * template, a schema, the markdown renderer or an npm upgrade changes it,
 * and with it every cache key. Reading ~200 small files costs
 * about 5 ms, read synchronously: read with promises, each file would wait
 * for several turns of an event loop that is busy handing out and parsing
 * articles, and the key would come tens of milliseconds late.
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

/** Hash of every file under `dirs` and of `files`, by path (relative to the generator's root) and content. */
export function treeKey(dirs: string[], files: string[] = []): string {
  const unique = [...new Set([...dirs.flatMap(filesUnder), ...files])].sort();
  return hashParts(unique.flatMap((f) => [path.relative(generatorRoot, f), readOrMissing(f)]));
}

/** The site's code: folders and files besides the engine's own. */
export interface SiteSources {
  dirs: string[];
  files: string[];
}

export function sourceKey(site: SiteSources = { dirs: [], files: [] }): string {
  return treeKey(
    [path.join(generatorRoot, 'generator'), ...site.dirs],
    [path.join(generatorRoot, 'package.json'), path.join(generatorRoot, 'package-lock.json'), ...site.files],
  );
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
