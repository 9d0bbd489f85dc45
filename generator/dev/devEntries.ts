/**
 * The list collections as `site dev` holds them: every entry's metadata (front matter validated, images
 * named), bodies left unrendered until a page or the search index asks (DevBodies.ts), as a build's
 * route table sees them. An entry whose file's stamp (inode, size, modification time) is the one the last
 * start recorded in the build cache is taken from there without reading its file; a stamp recorded within
 * two seconds of that start is not trusted (an edit in the same clock tick keeps it). The cache's key is
 * the render worker's bundle (its name hashes its code: the generator, the templates and the schemas).
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { BuildCache } from '../cache/BuildCache.ts';
import { readSourceFile } from '../cache/readSources.ts';
import type { LinkPolicy } from '../core/contentLinks.ts';
import { RACY_MS, stampOf } from '../core/stampOf.ts';
import { listEntryFiles, parseEntryMeta, sortEntries, withoutBody } from '../content/load.ts';
import type { RenderMarkdown } from '../content/markdown.ts';
import type { Entry, EntryMeta, ListCollection } from '../site/defineConfig.ts';

/** A list's pack: each entry file (relative to its list's folder) -> its stamp and metadata; WRITTEN: when the stamps were taken. */
export const devEntriesPack = (name: string) => `dev-entries-${name}`;
const WRITTEN = '@written';
type Known = { s: string; m: EntryMeta };

export interface DevList {
  /** In the collection's order, bodies empty. */
  entries: Entry[];
  /** How many files were read (the others came from the cache). */
  read: number;
  /** Writes the pack when anything differs from what it held. */
  save: () => Promise<void>;
}

/** One list collection's entries: unchanged files from `cache`, the others read and validated now (the first error in file order is thrown). */
export function readDevList(contentDir: string, name: string, list: ListCollection, render: RenderMarkdown, links: LinkPolicy, cache: BuildCache, key: string): DevList {
  const files = listEntryFiles(contentDir, list.dir, list.nested, links);
  const pack = devEntriesPack(name);
  const known = cache.readPack<Known | number>(pack, key);
  const trustBefore = Number(known[WRITTEN] ?? 0) - RACY_MS;
  const written = Date.now();
  const dir = path.join(contentDir, list.dir);
  const next: Record<string, Known | number> = { [WRITTEN]: written };
  let read = 0;
  const metas = files.map((file) => {
    const stat = statSync(path.join(dir, file));
    const stamp = stampOf(stat);
    const was = known[file];
    if (typeof was === 'object' && was.s === stamp && stat.mtimeMs < trustBefore) {
      next[file] = was;
      return was.m;
    }
    read++;
    const { source, hash, entry } = readSourceFile(dir, file);
    const { meta } = parseEntryMeta(list, file, source, hash, render);
    next[file] = { s: entry.split(' ')[0]!, m: meta };
    return meta;
  });
  const same = read === 0 && Object.keys(known).length === files.length + 1;
  return {
    entries: sortEntries(list, metas.map(withoutBody)),
    read,
    save: () => (same ? Promise.resolve() : cache.writePackAsync(pack, key, next)),
  };
}
