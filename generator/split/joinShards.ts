/**
 * The shards' pages and files as one build's: every route of the merge's plan with the page its shard
 * rendered, in route order, and every other file once. A page missing or given twice, or a file two
 * shards wrote with other bytes, means a shard folder that is not what its manifest says. Pure.
 */
import { SiteError } from '../core/errors.ts';
import type { BuiltPage } from '../stages/pageAnalysers.ts';
import type { Route } from '../site/defineConfig.ts';
import type { GivenShard } from './checkShards.ts';
import type { ShardFile } from './shardManifest.ts';

export interface JoinedPage extends BuiltPage {
  /** The shard folder it is in. */
  dir: string;
}

export interface Joined {
  pages: JoinedPage[];
  /** Content images and social images, each once, by output path, with the folder it is in. */
  files: Map<string, ShardFile & { dir: string }>;
}

export function joinShards(routes: readonly Route[], shards: readonly GivenShard[]): Joined {
  const byPath = new Map<string, JoinedPage>();
  const files = new Map<string, ShardFile & { dir: string }>();
  for (const { dir, manifest } of shards) {
    for (const p of manifest.pages) {
      if (byPath.has(p.path)) throw new SiteError('ShardFolderInvalid', { dir, reason: `its page ${p.path} is also in ${byPath.get(p.path)!.dir}` });
      byPath.set(p.path, { ...p, key: '', deps: [], dir });
    }
    for (const f of manifest.files) {
      const other = files.get(f.file);
      if (other && other.sha !== f.sha) throw new SiteError('ShardFolderInvalid', { dir, reason: `its ${f.file} differs from the one in ${other.dir}` });
      if (!other) files.set(f.file, { ...f, dir });
    }
  }
  const pages = routes.map((r) => {
    const page = byPath.get(r.path);
    if (!page) throw new SiteError('ShardFolderInvalid', { dir: shards.map((s) => s.dir).join(', '), reason: `no shard holds the page of ${r.path}` });
    byPath.delete(r.path);
    // Read and written at the route's file, whatever name the manifest gives it.
    return { ...page, file: r.file };
  });
  const [extra] = byPath.values();
  if (extra) throw new SiteError('ShardFolderInvalid', { dir: extra.dir, reason: `its page ${extra.path} is not a route of the site` });
  return { pages, files };
}
