/**
 * Incremental content for `site dev`: after an edit to one list entry,
 * re-reads only that entry and returns the new snapshot, so the dev server
 * re-renders only the pages that read it. A file of a file or record
 * collection re-reads those (a handful of files) and keeps the lists; an
 * unknown entry (a new file may collide with another slug) reloads its list. Links are checked as a
 * full load checks them (contentLinks.ts).
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { MarkdownResult, RenderMarkdown } from './markdown.ts';
import {
  fixedFiles,
  listCollections,
  listEntryFiles,
  slugOf,
  listOf,
  loadEntry,
  loadFixedContent,
  sortEntries,
  type Collections,
  type ContentSnapshot,
} from './load.ts';
import type { Entry } from '../site/defineConfig.ts';
import { contentOnly, linkChecker, type LinkPolicy } from '../core/contentLinks.ts';

const exists = (p: string) => access(p).then(() => true, () => false);

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
    const slug = slugOf(file.slice(list.dir.length + 1));
    const entries = content.collections[name] as Entry[];
    const others = entries.filter((e) => e.slug !== slug);
    const next = async (): Promise<Entry[]> => {
      if (!(await exists(path.join(content.dir, file)))) return others;
      if (others.length === entries.length) {
        return Promise.all(listEntryFiles(content.dir, list.dir, list.nested, links).map((f) => loadEntry(content.dir, list, f, render)));
      }
      linkChecker(links).file(path.join(content.dir, file));
      return [...others, await loadEntry(content.dir, list, file.slice(list.dir.length + 1), render)];
    };
    return { ...content, collections: { ...content.collections, [name]: sortEntries(list, await next()) } };
  }
  if (!fixedFiles(collections).includes(file)) return content;
  const fixed = await loadFixedContent(content.dir, collections, render, links);
  for (const [name] of listCollections(collections)) fixed.collections[name] = content.collections[name];
  return fixed;
}
