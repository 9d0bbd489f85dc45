/**
 * The search index's files from fully loaded content (list entries with their rendered bodies), as
 * `site dev` has it: output path -> JSON, or an empty map for a site without `search`. Pure.
 */
import type { I18nOptions, Route, SearchOptions } from '../site/defineConfig.ts';
import { searchIndexFiles } from './searchIndexFiles.ts';
import { bodyWords } from './bodyWords.ts';
import { searchDoc, searchedEntries } from './searchDoc.ts';

export function searchFiles(search: SearchOptions | undefined, collections: Record<string, unknown>, routes: readonly Route[], i18n?: I18nOptions): Map<string, string> {
  if (!search) return new Map();
  const withBody = search.fields.includes('body');
  const entries = searchedEntries(search, collections, new Set(routes.map((r) => r.path)));
  return searchIndexFiles(
    entries.map(({ entry, url }) => ({ doc: searchDoc(search, entry, url, withBody ? bodyWords(entry.html) : ''), entry })),
    i18n,
  );
}
