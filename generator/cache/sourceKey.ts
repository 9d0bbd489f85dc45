/**
 * What the generator itself is made of, as one hash: every file of its code
 * and templates, and the dependency versions it runs with (the lock file).
 * Any edit to a template, a schema, the markdown renderer or an npm upgrade
 * changes it, and with it every cache key. Reading ~200 small files costs
 * about 5 ms, read synchronously: read with promises, each file would wait
 * for several turns of an event loop that is busy handing out and parsing
 * articles, and the key would come tens of milliseconds late.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashParts } from './contentHash.ts';

/** The folder holding generator/, templates/ and package-lock.json. */
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

export function sourceKey(extraDirs: string[] = []): string {
  return treeKey(
    [path.join(generatorRoot, 'generator'), path.join(generatorRoot, 'templates'), ...extraDirs],
    [path.join(generatorRoot, 'package.json'), path.join(generatorRoot, 'package-lock.json')],
  );
}

/** sourceKey() in the next turn of the event loop: work handed out in this one goes first. */
export const laterSourceKey = (extraDirs: string[] = []): Promise<string> =>
  new Promise((resolve, reject) =>
    setImmediate(() => {
      try {
        resolve(sourceKey(extraDirs));
      } catch (e) {
        reject(e);
      }
    }),
  );
