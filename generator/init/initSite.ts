/**
 * `site init [dir]`: writes a new site (generator/init/scaffoldFiles.ts) into a folder that is missing
 * or empty. It never overwrites: any other folder is an InitDirNotEmpty error and stays as it was, and
 * each file is created exclusively, so a file that appears meanwhile is not replaced either.
 */
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SiteError } from '../core/errors.ts';
import { generatorRoot } from '../cache/sourceKey.ts';
import { scaffoldFiles, siteName } from './scaffoldFiles.ts';

const templateDir = fileURLToPath(new URL('./template/', import.meta.url));

export interface InitResult {
  /** The new site's folder (absolute). */
  dir: string;
  name: string;
  /** The files written, relative to dir, sorted. */
  files: string[];
}

/** The template folder's files, relative to it with "/". */
async function readTemplate(): Promise<Map<string, Uint8Array>> {
  const entries = await readdir(templateDir, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(templateDir, path.join(e.parentPath, e.name)));
  const texts = await Promise.all(files.map((f) => readFile(path.join(templateDir, f))));
  return new Map(files.map((f, i) => [f.split(path.sep).join('/'), texts[i]!]));
}

/** The engine's package.json. */
const enginePackage = async (): Promise<{ version: string; devDependencies?: Record<string, string> }> =>
  JSON.parse(await readFile(path.join(generatorRoot, 'package.json'), 'utf8'));

/**
 * How the new site at `root` depends on this engine: by version when the engine runs from an installed
 * package (inside a node_modules folder), else by its folder relative to the site's.
 */
async function engineOf(root: string): Promise<{ version: string } | { folder: string }> {
  if (generatorRoot.split(path.sep).includes('node_modules')) return { version: (await enginePackage()).version };
  return { folder: path.relative(root, generatorRoot).split(path.sep).join('/') || '.' };
}

/** The TypeScript the engine is checked with, for the new site's `typecheck`. */
async function typescriptVersion(): Promise<string> {
  const wanted = (await enginePackage()).devDependencies?.typescript;
  return wanted?.replace(/^[^\d]*/, '') || '5.9.3';
}

/** Throws InitDirNotEmpty unless `dir` is missing or an empty folder. */
async function assertEmpty(dir: string, shown: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (!info) return;
  if (!info.isDirectory()) throw new SiteError('InitDirNotEmpty', { dir: shown, entries: [], count: 0, isFile: true });
  const entries = (await readdir(dir)).sort();
  if (entries.length) throw new SiteError('InitDirNotEmpty', { dir: shown, entries: entries.slice(0, 5), count: entries.length });
}

export async function initSite(dir = '.'): Promise<InitResult> {
  const root = path.resolve(dir);
  await assertEmpty(root, dir);
  const name = siteName(root);
  const files = scaffoldFiles({ template: await readTemplate(), name, engine: await engineOf(root), typescript: await typescriptVersion() });
  for (const [file, text] of files) {
    const target = path.join(root, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text, { flag: 'wx' });
  }
  return { dir: root, name, files: [...files.keys()] };
}
