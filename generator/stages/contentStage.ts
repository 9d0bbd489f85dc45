/**
 * The content stage: the list collections' entries (readEntries.ts: from the build cache, or read by the
 * shards) and the file and record collections, as read: drafts and entries dated later included (the
 * plan decides what is shown). The lists' packs are written by saveContentStage, while the shards render
 * where a path renders.
 */
import { loadFixedContent, type ContentSnapshot } from '../content/load.ts';
import { updateContent } from '../content/updateContent.ts';
import { readEntries, type ReadEntriesResult } from './readEntries.ts';
import type { BuildContext } from './configStage.ts';
import { defineStage } from './Stage.ts';

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

/**
 * The content after `files` (relative to the content folder) changed, each read alone (content/updateContent.ts):
 * what a server does on an edit. The build cache's packs are left as they are: the next full read stats
 * every file and reads the changed ones again.
 */
export async function rereadContent(read: ContentRead, { site, render, links }: BuildContext, files: readonly string[]): Promise<ContentRead> {
  let content = read.content;
  for (const file of files) content = await updateContent(content, file, site.collections, render, links);
  return { ...read, content, parsed: files.length, save: async () => {} };
}

export const contentStage = defineStage({
  name: 'content',
  gives: 'content',
  needs: ['config'],
  runs: 'site',
  run: ({ config }) => readContent(config),
});

/** The lists' packs written into the build cache: this thread's work while the shards render, where they do. */
export const saveContentStage = defineStage({
  name: 'saveContent',
  gives: 'contentSaved',
  needs: ['content', 'run'],
  runs: 'site',
  during: 'render',
  run: ({ content, run }) => {
    run.writing(content.save());
    return true;
  },
});
