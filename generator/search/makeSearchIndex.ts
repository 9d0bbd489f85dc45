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
import type { Entry, I18nOptions, ListCollection, Route, SearchOptions } from '../site/defineConfig.ts';
import { searchIndexFiles } from './searchIndexFiles.ts';
import type { BuiltPage } from '../stages/pageAnalysers.ts';
import { fitsDelta } from '../cache/BuildCache.ts';
import { hashParts } from '../core/contentHash.ts';
import { bodyWords } from './bodyWords.ts';
import { assembleIndex, docChunks, termsOf, type AssembledIndex, type IndexFile } from './buildSearchIndex.ts';
import { patchSearchIndex, type DocChange } from './patchSearchIndex.ts';
import { searchDoc, searchedEntries, searchedFieldWords } from './searchDoc.ts';

export interface SearchIndexInput {
  search: SearchOptions | undefined;
  collections: Record<string, unknown>;
  lists: Record<string, ListCollection>;
  /** The route table: an entry is searched when its URL is one of its pages. */
  routes: readonly Route[];
  contentDir: string;
  /** Pages this build rendered (those of the collection's entries carry their body's words). */
  rendered: readonly Pick<BuiltPage, 'search'>[];
  cache: BuildCache;
  /** What the pack of body words is valid for (the generator's key: markdown options are in the config). */
  key: string;
  render: (source: string) => MarkdownResult;
  /** A multilingual site's locales: an index per locale. */
  i18n?: I18nOptions;
}

export interface SearchIndexResult {
  /** Output path -> JSON. */
  files: Map<string, string>;
  /** Bodies whose words were taken from the pages rendered now, from the cache, or rendered here. */
  words: { rendered: number; cached: number; here: number };
  /** Settles when the pack of body words is written. */
  saved: Promise<void>;
}

const packName = (collection: string) => `search-${collection}`;
/** The index as this build made it, for the next build to update (patchSearchIndex.ts); its format is part of its key. */
const indexPackName = (collection: string) => `search-index-${collection}`;
const INDEX_FORMAT = 'search-index/1';

type AnyEntry = Entry<Record<string, unknown>>;

export function makeSearchIndex(input: SearchIndexInput): SearchIndexResult {
  const { search, cache, key } = input;
  const words = { rendered: 0, cached: 0, here: 0 };
  if (!search) return { files: new Map(), words, saved: Promise.resolve() };
  const entries = searchedEntries(search, input.collections, new Set(input.routes.map((r) => r.path)));
  const withBody = search.fields.includes('body');
  // Keyed by content: an edited entry adds a key, and the one it replaces may stay until the pack is written whole.
  const pack = withBody ? Pack.open<string>(cache, packName(search.collection), key, { deltas: true }) : null;
  const state = Pack.open<string>(cache, indexPackName(search.collection), hashParts([INDEX_FORMAT, key]), { deltas: true });
  const fresh = new Map<string, string>();
  for (const page of input.rendered) if (page.search) fresh.set(page.search.hash, page.search.words);
  const body = (entry: AnyEntry): string | undefined => (withBody ? (fresh.get(entry.hash) ?? pack?.get(entry.hash)) : '');
  // Updated from the last build's index: only the changed entries' words are looked at (the words pack must be intact).
  // A multilingual site's indexes, one per locale, are made whole.
  const updated = !input.i18n && (!pack || pack.read) ? updateIndex(search, entries, state, body) : null;
  let index: { files: Map<string, string>; state: Record<string, string> };
  const here = new Map<string, string>();
  let savedWords: Promise<void> | undefined;
  if (updated) {
    index = updated;
    // The unchanged entries' words are those the index holds: from the cache, as a full build counts them.
    words.rendered = updated.added.filter((e) => fresh.has(e.hash)).length;
    words.cached = entries.length - words.rendered;
    if (pack) savedWords = pack.saveAdded(Object.fromEntries(updated.added.map((e) => [e.hash, body(e)!])), () => Object.fromEntries(entries.map(({ entry }) => [entry.hash, body(entry) ?? ''])));
  } else {
    const lines: string[] = [];
    const docs = entries.map(({ entry, url }) => {
      let known = body(entry);
      if (known === undefined) here.set(entry.hash, (known = renderedWords(input.contentDir, input.lists[search.collection]!, entry, input.render)));
      const fieldWords = searchedFieldWords(search, entry);
      lines.push(docLine(entry, url, fieldWords));
      return { doc: searchDoc(search, entry, url, known, fieldWords), entry };
    });
    if (input.i18n) index = { files: searchIndexFiles(docs, input.i18n), state: {} };
    else {
      const own = docs.map((d) => d.doc);
      const assembled = assembleIndex(termsOf(own), docChunks(own, CHUNK), own.length);
      index = { files: assembled.files, state: indexState(assembled, lines) };
    }
  }
  // The words pack holds the current entries (and, while a delta holds the change, the ones they replaced).
  const kept: Record<string, string> = {};
  if (pack && !updated) {
    for (const { entry } of entries) {
      const known = body(entry);
      if (known === undefined) words.here++;
      else fresh.has(entry.hash) ? words.rendered++ : words.cached++;
      kept[entry.hash] = known ?? here.get(entry.hash)!;
    }
  }
  // The index pack holds exactly this index (a leftover shard would be read as one of it).
  const saved = Promise.all([savedWords ?? pack?.saveLoose(kept), state.save(index.state)]).then(() => {});
  return { files: index.files, words, saved };
}

/** Entries per chunk of results (buildSearchIndex's default). */
const CHUNK = 200;

/** What the index pack remembers of entry number i: which entry was there (hash and URL), and the words of its fields. */
const docLine = (entry: AnyEntry, url: string, fieldWords: readonly string[]) => `${entry.hash} ${url}\n${fieldWords.join(' ')}`;

function indexState(index: AssembledIndex, docs: readonly string[]): Record<string, string> {
  const state: Record<string, string> = { count: String(docs.length) };
  docs.forEach((line, i) => (state[`doc ${i}`] = line));
  for (const [k, { file, json }] of index.shards) state[`shard ${k}`] = `${file}\n${json}`;
  index.chunks.forEach(({ file, json }, i) => (state[`chunk ${i}`] = `${file}\n${json}`));
  return state;
}

/**
 * The index updated from the last build's (its pack) when the same number of entries is searched and
 * few of them changed (by hash or URL), every body's words known; else null (build it whole).
 */
function updateIndex(
  search: SearchOptions,
  entries: { entry: AnyEntry; url: string }[],
  state: Pack<string>,
  body: (entry: AnyEntry) => string | undefined,
): { files: Map<string, string>; state: Record<string, string>; added: AnyEntry[] } | null {
  if (state.get('count') !== String(entries.length)) return null;
  const changed: number[] = [];
  for (let i = 0; i < entries.length; i++) {
    const { entry, url } = entries[i]!;
    const line = state.get(`doc ${i}`);
    if (line === undefined) return null;
    if (!line.startsWith(`${entry.hash} ${url}\n`)) changed.push(i);
  }
  if (!fitsDelta(changed.length, entries.length)) return null;
  const next: Record<string, string> = { ...state.entries };
  const changes: DocChange[] = [];
  for (const id of changed) {
    const { entry, url } = entries[id]!;
    const line = state.get(`doc ${id}`)!;
    const oldBody = body({ hash: line.slice(0, line.indexOf(' ')) } as AnyEntry);
    const newBody = body(entry);
    if (oldBody === undefined || newBody === undefined) return null;
    const before = `${line.slice(line.indexOf('\n') + 1)} ${oldBody}`.split(' ').filter(Boolean);
    const fieldWords = searchedFieldWords(search, entry);
    changes.push({ id, before, after: searchDoc(search, entry, url, newBody, fieldWords) });
    next[`doc ${id}`] = docLine(entry, url, fieldWords);
  }
  const previous = { shards: new Map<string, IndexFile>(), chunks: [] as IndexFile[] };
  for (const k of Object.keys(next)) {
    if (k.startsWith('shard ') || k.startsWith('chunk ')) {
      const v = next[k]!;
      const cut = v.indexOf('\n');
      const file = { file: v.slice(0, cut), json: v.slice(cut + 1) };
      if (k[0] === 's') previous.shards.set(k.slice(6), file);
      else previous.chunks[Number(k.slice(6))] = file;
      delete next[k];
    }
  }
  const patched = patchSearchIndex(previous, entries.length, changes, { chunk: CHUNK });
  if (!patched) return null;
  return { files: patched.files, state: { ...next, ...indexState(patched, []), count: String(entries.length) }, added: changed.map((id) => entries[id]!.entry) };
}

/** The body words of an entry no shard rendered in this build. */
export function renderedWords(contentDir: string, list: ListCollection, entry: Entry<Record<string, unknown>>, render: (source: string) => MarkdownResult): string {
  const source = readFileSync(path.join(contentDir, entry.file), 'utf8');
  if (contentHash(source) !== entry.hash) throw new SiteError('ContentChangedDuringBuild', { file: entry.file });
  const { body } = parseEntryMeta(list, entry.file.slice(list.dir.length + 1), source, entry.hash);
  return bodyWords(render(body).html);
}
