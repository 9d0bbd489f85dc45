/**
 * The template folders on disk (generator/init/templates/): a template's files, the common ones under
 * its own, relative to it with "/".
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMON, mergeTemplate, type SiteTemplate } from './siteTemplates.ts';

export const templatesDir = fileURLToPath(new URL('./templates/', import.meta.url));

/** One folder's files, relative to it with "/". */
async function readFolder(dir: string): Promise<Map<string, Uint8Array>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    // What a build or an install in the template's folder leaves there is not the template's.
    .filter((f) => !/(^|[\\/])(\.site|dist|node_modules)[\\/]/.test(f));
  const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f))));
  return new Map(files.map((f, i) => [f.split(path.sep).join('/'), new Uint8Array(texts[i]!)]));
}

export async function readTemplate(name: SiteTemplate): Promise<Map<string, Uint8Array>> {
  const [common, own] = await Promise.all([readFolder(path.join(templatesDir, COMMON)), readFolder(path.join(templatesDir, name))]);
  return mergeTemplate(common, own);
}
