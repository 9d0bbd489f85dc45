/**
 * The content stage: the list collections' entries (generator/stages/readEntries.ts: from the build
 * cache, or read by the shards) and the file and record collections, as read: drafts and entries dated
 * later included (the plan decides what is shown).
 */
import { loadFixedContent, type ContentSnapshot } from '../content/load.ts';
import { readEntries, type ReadEntriesResult } from '../stages/readEntries.ts';
import type { BuildContext } from './openBuild.ts';

export interface ContentRead {
  content: ContentSnapshot;
  /** Per list collection, in the config's order. */
  listed: ReadEntriesResult[];
  /** List entries parsed now (the others came from the cache). */
  parsed: number;
  /** Writes the list collections' packs. */
  save: () => Promise<void>;
}

export async function readContent({ config, site, render, lists, links, cache, pool, generatorKey, progress }: BuildContext): Promise<ContentRead> {
  // In parallel; when several fail, the lists' first error is reported (the same one every time).
  const readLists = async () => {
    const read = [];
    for (const [name, list] of lists) read.push(await readEntries({ name, list, config, cache, pool, generatorKey, progress, links }));
    return read;
  };
  const [entries, fixed] = await Promise.allSettled([readLists(), loadFixedContent(config.contentDir, site.collections, render, links)]);
  if (entries.status === 'rejected') throw entries.reason;
  if (fixed.status === 'rejected') throw fixed.reason;
  const content = fixed.value;
  lists.forEach(([name], i) => (content.collections[name] = entries.value[i]!.entries));
  return {
    content,
    listed: entries.value,
    parsed: entries.value.reduce((n, r) => n + r.parsed, 0),
    save: () => Promise.all(entries.value.map((r) => r.save())).then(() => {}),
  };
}
