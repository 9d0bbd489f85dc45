/**
 * The content after one file changed, read without reading the rest (the content stage's update, for a
 * server: stages/contentStage.ts), its list entries without bodies as a full read gives them: an entry
 * edited is read and validated alone and keeps its place in the list when its sort fields allow; a new
 * file lists its folder again (its slug may collide with another's); a deleted one leaves the list. A
 * file of a file or record collection reads those (a handful of files) again and keeps the lists. Links
 * are checked as a full load checks them (contentLinks.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { readSourceFile } from '../cache/readSources.ts';
import { contentOnly, linkChecker, type LinkPolicy } from '../core/contentLinks.ts';
import {
  fixedFiles,
  listCollections,
  listEntryFiles,
  listOf,
  loadFixedContent,
  parseEntryMeta,
  slugOf,
  sortEntries,
  withoutBody,
  type Collections,
  type ContentSnapshot,
} from './load.ts';
import type { RenderMarkdown } from './markdown.ts';
import type { Entry, ListCollection } from '../site/defineConfig.ts';

/** Whether `entry` may stand at `i` of the sorted `entries` (its neighbours sort before and after it). */
function fitsAt(list: ListCollection, entries: readonly Entry[], i: number, entry: Entry): boolean {
  const by = list.sort as ((a: Entry, b: Entry) => number) | undefined;
  const cmp = (a: Entry, b: Entry) => (by ? by(a, b) : 0) || a.slug.localeCompare(b.slug);
  return (i === 0 || cmp(entries[i - 1]!, entry) <= 0) && (i === entries.length - 1 || cmp(entry, entries[i + 1]!) <= 0);
}

export async function updateContent(
  content: ContentSnapshot,
  rel: string,
  collections: Collections,
  render: RenderMarkdown,
  links: LinkPolicy = contentOnly(content.dir),
): Promise<ContentSnapshot> {
  const file = rel.split(path.sep).join('/');
  const lists = listCollections(collections);
  const list = /\.(md|json|ya?ml)$/.test(file) ? listOf(lists.map(([, l]) => l), file) : undefined;
  if (list) {
    const name = lists.find(([, l]) => l === list)![0];
    const inList = file.slice(list.dir.length + 1);
    const slug = slugOf(inList);
    const entries = content.collections[name] as Entry[];
    const at = entries.findIndex((e) => e.slug === slug);
    let next: Entry[];
    if (!existsSync(path.join(content.dir, file))) next = at < 0 ? entries : entries.filter((_, i) => i !== at);
    else {
      // A new file: the folder is listed again, for the checks a full load makes (two files, one slug).
      if (at < 0) listEntryFiles(content.dir, list.dir, list.nested, links);
      linkChecker(links).file(path.join(content.dir, file));
      const { source, hash } = readSourceFile(path.join(content.dir, list.dir), inList);
      const entry = withoutBody(parseEntryMeta(list, inList, source, hash, render).meta);
      if (at >= 0 && fitsAt(list, entries, at, entry)) next = entries.map((e, i) => (i === at ? entry : e));
      else next = sortEntries(list, [...entries.filter((_, i) => i !== at), entry]);
    }
    return { ...content, collections: { ...content.collections, [name]: next } };
  }
  if (!fixedFiles(collections).includes(file)) return content;
  const fixed = await loadFixedContent(content.dir, collections, render, links);
  for (const [name] of listCollections(collections)) fixed.collections[name] = content.collections[name];
  return fixed;
}
