/**
 * What the generator itself is made of, as one hash: every file of its code
 * and templates, and the dependency versions it runs with (the lock file).
 * Any edit to a template, a schema, the markdown renderer or an npm upgrade
 * changes it, and with it every cache key. Reading ~200 small files costs a
 * few milliseconds.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashParts } from './contentHash.ts';

/** The folder holding generator/, templates/ and package-lock.json. */
export const generatorRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

export async function sourceKey(extraDirs: string[] = []): Promise<string> {
  const dirs = [...new Set([path.join(generatorRoot, 'generator'), path.join(generatorRoot, 'templates'), ...extraDirs])];
  const files = (await Promise.all(dirs.map(filesUnder))).flat();
  files.push(path.join(generatorRoot, 'package.json'), path.join(generatorRoot, 'package-lock.json'));
  const unique = [...new Set(files)].sort();
  const texts = await Promise.all(unique.map((f) => readFile(f).catch(() => Buffer.from('missing'))));
  return hashParts(unique.flatMap((f, i) => [path.relative(generatorRoot, f), texts[i]!]));
}
