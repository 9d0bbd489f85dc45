/**
 * Static files (logos, images, favicon) from templates/static/, each given a
 * content-hashed name. Templates ask for a file by its source name and get
 * the hashed URL; asking for a missing file is a build error.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { hashName } from './hashName.ts';

export interface StaticFiles {
  /** source name -> { output file, bytes } */
  files: Map<string, { file: string; bytes: Buffer }>;
  url(name: string): string;
}

export async function staticFiles(dir: string): Promise<StaticFiles> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => !n.startsWith('.')).sort();
  const files = new Map<string, { file: string; bytes: Buffer }>();
  await Promise.all(
    names.map(async (name) => {
      const bytes = await readFile(path.join(dir, name));
      files.set(name, { file: hashName(name, bytes), bytes });
    }),
  );
  return {
    files,
    url(name) {
      const f = files.get(name);
      if (!f) throw new SiteError('AssetMissing', { name, dir: path.relative(process.cwd(), dir) || dir });
      return `/${f.file}`;
    },
  };
}
