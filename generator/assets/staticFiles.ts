/**
 * Static files (logos, images, favicon) from templates/static/, each given a
 * content-hashed name. Templates ask for a file by its source name and get
 * the hashed URL; asking for a missing file is a build error.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SiteError } from '../core/errors.ts';
import { hashName } from './hashName.ts';

export interface StaticFiles {
  /** source name -> { output file, bytes }, in name order */
  files: Map<string, { file: string; bytes: Buffer }>;
  /** source name -> URL, in name order (plain data: it travels to worker threads and into cache keys) */
  urls: Record<string, string>;
  url(name: string): string;
}

/** The lookup templates use (RenderContext.asset): a file's hashed URL, or AssetMissing. */
export const assetUrl =
  (urls: Record<string, string>, dir = 'templates/static') =>
  (name: string): string => {
    const url = urls[name];
    if (!url) throw new SiteError('AssetMissing', { name, dir });
    return url;
  };

export async function staticFiles(dir: string): Promise<StaticFiles> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => !n.startsWith('.')).sort();
  // Read in parallel, listed in name order: the same folder always gives the same map.
  const contents = await Promise.all(names.map((name) => readFile(path.join(dir, name))));
  const files = new Map(names.map((name, i) => [name, { file: hashName(name, contents[i]!), bytes: contents[i]! }]));
  const urls = Object.fromEntries([...files].map(([name, { file }]) => [name, `/${file}`]));
  return { files, urls, url: assetUrl(urls, path.relative(process.cwd(), dir) || dir) };
}
