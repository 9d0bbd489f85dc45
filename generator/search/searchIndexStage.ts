/**
 * The search stage of the build (after render): the site's search index (site.search) over its list
 * collection, as static files (buildSearchIndex). An entry's front matter fields are at hand; the words
 * of its body come from the shard that rendered its page (BuiltPage.search), else from the build
 * cache's pack by the entry's hash (an unchanged article is not rendered again for the index), else,
 * when neither has them (its page came from the cache but the pack did not), from rendering it here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildCache } from '../cache/BuildCache.ts';
import { Pack } from '../cache/Pack.ts';
import { contentHash } from '../core/contentHash.ts';
import { parseEntryMeta } from '../content/load.ts';
import type { MarkdownResult } from '../content/markdown.ts';
import { SiteError } from '../core/errors.ts';
import type { Entry, ListCollection, Route, SearchOptions } from '../site/defineConfig.ts';
import type { BuiltPage } from '../pipeline/pageAnalysers.ts';
import { bodyWords } from './bodyWords.ts';
import { buildSearchIndex } from './buildSearchIndex.ts';
import { searchDoc, searchedEntries } from './searchDoc.ts';

export interface SearchStageInput {
  search: SearchOptions | undefined;
  collections: Record<string, unknown>;
  lists: Record<string, ListCollection>;
  /** The route table: an entry is searched when its URL is one of its pages. */
  routes: readonly Route[];
  contentDir: string;
  /** Pages this build rendered (those of the collection's entries carry their body's words). */
  rendered: readonly BuiltPage[];
  cache: BuildCache;
  /** What the pack of body words is valid for (the generator's key: markdown options are in the config). */
  key: string;
  render: (source: string) => MarkdownResult;
}

export interface SearchStageResult {
  /** Output path -> JSON. */
  files: Map<string, string>;
  /** Bodies whose words were taken from the pages rendered now, from the cache, or rendered here. */
  words: { rendered: number; cached: number; here: number };
  /** Settles when the pack of body words is written. */
  saved: Promise<void>;
}

const packName = (collection: string) => `search-${collection}`;

export function searchIndexStage(input: SearchStageInput): SearchStageResult {
  const { search, cache, key } = input;
  const words = { rendered: 0, cached: 0, here: 0 };
  if (!search) return { files: new Map(), words, saved: Promise.resolve() };
  const list = input.lists[search.collection]!;
  const entries = searchedEntries(search, input.collections, new Set(input.routes.map((r) => r.path)));
  const withBody = search.fields.includes('body');
  const pack = withBody ? Pack.open<string>(cache, packName(search.collection), key) : null;
  const fresh = new Map<string, string>();
  for (const page of input.rendered) if (page.search) fresh.set(page.search.hash, page.search.words);
  const kept: Record<string, string> = {};
  const docs = entries.map(({ entry, url }) => {
    let body = '';
    if (withBody) {
      const known = fresh.get(entry.hash) ?? pack?.get(entry.hash);
      if (known !== undefined) fresh.has(entry.hash) ? words.rendered++ : words.cached++;
      else words.here++;
      body = known ?? renderedWords(input.contentDir, list, entry, input.render);
      kept[entry.hash] = body;
    }
    return searchDoc(search, entry, url, body);
  });
  const files = buildSearchIndex(docs);
  // The pack holds the current entries only; rewritten when it holds others or lacks any.
  const saved = pack?.save(kept) ?? Promise.resolve();
  return { files, words, saved };
}

/** The body words of an entry no shard rendered in this build. */
export function renderedWords(contentDir: string, list: ListCollection, entry: Entry<Record<string, unknown>>, render: (source: string) => MarkdownResult): string {
  const source = readFileSync(path.join(contentDir, entry.file), 'utf8');
  if (contentHash(source) !== entry.hash) throw new SiteError('ContentChangedDuringBuild', { file: entry.file });
  const { body } = parseEntryMeta(list, entry.file.slice(list.dir.length + 1), source, entry.hash);
  return bodyWords(render(body).html);
}
