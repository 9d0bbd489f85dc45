/**
 * The search index's files as `site dev` serves them: search/searchIndexFiles.ts (one index, or one per locale) with each entry's body words
 * from `wordsOf` (DevBodies.ts: kept by content hash, so an edit renders only the entry it changed). Pure
 * but for what `wordsOf` does.
 */
import { searchDoc, searchedEntries } from '../search/searchDoc.ts';
import { searchIndexFiles } from '../search/searchIndexFiles.ts';
import type { EntryMeta, I18nOptions, Route, SearchOptions } from '../site/defineConfig.ts';

export function devSearchFiles(
  search: SearchOptions | undefined,
  collections: Record<string, unknown>,
  routes: readonly Route[],
  wordsOf: (entry: EntryMeta) => string,
  i18n?: I18nOptions,
): Map<string, string> {
  if (!search) return new Map();
  const withBody = search.fields.includes('body');
  const entries = searchedEntries(search, collections, new Set(routes.map((r) => r.path)));
  return searchIndexFiles(
    entries.map(({ entry, url }) => ({ doc: searchDoc(search, entry, url, withBody ? wordsOf(entry as unknown as EntryMeta) : ''), entry: entry as unknown as EntryMeta })),
    i18n,
  );
}
