/**
 * The search index's files from fully loaded content (list entries with their rendered bodies), as
 * `site dev` has it: output path -> JSON, or an empty map for a site without `search`. Pure.
 */
import type { Entry, SearchOptions } from '../site/defineConfig.ts';
import { bodyWords } from './bodyWords.ts';
import { buildSearchIndex } from './buildSearchIndex.ts';
import { searchDoc } from './searchDoc.ts';

export function searchFiles(search: SearchOptions | undefined, collections: Record<string, unknown>): Map<string, string> {
  if (!search) return new Map();
  const withBody = search.fields.includes('body');
  const entries = collections[search.collection] as Entry<Record<string, unknown>>[];
  return buildSearchIndex(entries.map((entry) => searchDoc(search, entry, withBody ? bodyWords(entry.html) : '')));
}
