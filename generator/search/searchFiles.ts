/**
 * The search index's files from fully loaded content (list entries with their rendered bodies), as
 * `site dev` has it: output path -> JSON, or an empty map for a site without `search`. Pure.
 */
import type { Route, SearchOptions } from '../site/defineConfig.ts';
import { bodyWords } from './bodyWords.ts';
import { buildSearchIndex } from './buildSearchIndex.ts';
import { searchDoc, searchedEntries } from './searchDoc.ts';

export function searchFiles(search: SearchOptions | undefined, collections: Record<string, unknown>, routes: readonly Route[]): Map<string, string> {
  if (!search) return new Map();
  const withBody = search.fields.includes('body');
  const entries = searchedEntries(search, collections, new Set(routes.map((r) => r.path)));
  return buildSearchIndex(entries.map(({ entry, url }) => searchDoc(search, entry, url, withBody ? bodyWords(entry.html) : '')));
}
