/**
 * The search index's files as `site dev` serves them: search/searchFiles.ts with each entry's body words
 * from `wordsOf` (DevBodies.ts: kept by content hash, so an edit renders only the entry it changed). Pure
 * but for what `wordsOf` does.
 */
import { buildSearchIndex } from '../search/buildSearchIndex.ts';
import { searchDoc, searchedEntries } from '../search/searchDoc.ts';
import type { EntryMeta, Route, SearchOptions } from '../site/defineConfig.ts';

export function devSearchFiles(
  search: SearchOptions | undefined,
  collections: Record<string, unknown>,
  routes: readonly Route[],
  wordsOf: (entry: EntryMeta) => string,
): Map<string, string> {
  if (!search) return new Map();
  const withBody = search.fields.includes('body');
  const entries = searchedEntries(search, collections, new Set(routes.map((r) => r.path)));
  return buildSearchIndex(entries.map(({ entry, url }) => searchDoc(search, entry, url, withBody ? wordsOf(entry as unknown as EntryMeta) : '')));
}
