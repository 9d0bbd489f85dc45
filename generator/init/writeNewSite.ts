/**
 * Writes a new site's files (scaffoldFiles.ts) into a folder that is missing or empty. It never
 * overwrites: any other folder is an InitDirNotEmpty error and stays as it was, and each file is created
 * exclusively, so a file that appears meanwhile is not replaced either.
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../core/errors.ts';

/** Throws InitDirNotEmpty unless `dir` is missing or an empty folder; `shown`: the folder as the user named it, `command`: how they asked. */
export async function assertEmpty(dir: string, shown: string, command: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (!info) return;
  if (!info.isDirectory()) throw new SiteError('InitDirNotEmpty', { dir: shown, entries: [], count: 0, isFile: true, command });
  const entries = (await readdir(dir)).sort();
  if (entries.length) throw new SiteError('InitDirNotEmpty', { dir: shown, entries: entries.slice(0, 5), count: entries.length, command });
}

export async function writeNewSite(root: string, files: Map<string, string | Uint8Array>): Promise<void> {
  for (const [file, text] of files) {
    const target = path.join(root, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text, { flag: 'wx' });
  }
}
