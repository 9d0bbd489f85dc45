/**
 * List entries' bodies for `site dev`, made when first asked for: an entry's rendered markdown (for its
 * page) and its body words (for the search index), each kept by the entry's content hash, so an edit
 * renders only the entry it changed. Body words are kept in the build cache too (a pack keyed by the
 * render worker's bundle), so a warm start makes the search index without rendering every article.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildCache } from '../cache/BuildCache.ts';
import { contentHash } from '../core/contentHash.ts';
import { entryBody, listOf } from '../content/load.ts';
import type { MarkdownResult, RenderMarkdown } from '../content/markdown.ts';
import { bodyWords } from '../search/bodyWords.ts';
import type { EntryMeta, ListCollection } from '../site/defineConfig.ts';

const WORDS_PACK = 'dev-search-words';

export class DevBodies {
  /** Rendered bodies, by the entry's file and content hash. */
  private readonly rendered = new Map<string, MarkdownResult>();
  /** Body words by the entry's content hash (loaded from the cache on first use). */
  private words?: Map<string, string>;
  private wordsAdded = false;

  constructor(
    private readonly contentDir: string,
    private readonly lists: ListCollection[],
    private readonly render: RenderMarkdown,
    private readonly cache: BuildCache,
    private readonly key: string,
  ) {}

  /** The entry's rendered markdown, from its file as it is now (a file edited since its metadata was read is rendered as it reads now). */
  body(entry: EntryMeta): MarkdownResult {
    const id = `${entry.file} ${entry.hash}`;
    const kept = this.rendered.get(id);
    if (kept) return kept;
    const { result, hash } = this.renderNow(entry);
    // Kept only under the hash it was read as: an edit's entry gets a new hash and renders afresh.
    if (hash === entry.hash) {
      this.forget(entry.file);
      this.rendered.set(id, result);
    }
    return result;
  }

  /** Drops what was rendered of `file` (its entry's hash moved on: a route may still carry a copy with the old one). */
  forget(file: string): void {
    for (const k of this.rendered.keys()) if (k.startsWith(`${file} `)) this.rendered.delete(k);
  }

  private renderNow(entry: EntryMeta): { result: MarkdownResult; hash: string } {
    const source = readFileSync(path.join(this.contentDir, entry.file), 'utf8');
    const list = listOf(this.lists, entry.file)!;
    const { body, at } = entryBody(list, entry.file.slice(list.dir.length + 1), source);
    return { result: this.render(body, at), hash: contentHash(source) };
  }

  /** The words of an entry's rendered body, as the search index takes them. */
  bodyWords(entry: EntryMeta): string {
    this.words ??= new Map(Object.entries(this.cache.readPack<string>(WORDS_PACK, this.key)));
    let words = this.words.get(entry.hash);
    if (words === undefined) {
      const kept = this.rendered.get(`${entry.file} ${entry.hash}`);
      const now = kept ? { result: kept, hash: entry.hash } : this.renderNow(entry);
      words = bodyWords(now.result.html);
      if (now.hash !== entry.hash) return words;
      this.words.set(entry.hash, words);
      this.wordsAdded = true;
    }
    return words;
  }

  /** Writes the body words of `current` (the entries' hashes now) when some were made since the last write. */
  saveWords(current: readonly EntryMeta[]): Promise<void> {
    if (!this.wordsAdded || !this.words) return Promise.resolve();
    this.wordsAdded = false;
    const keep = Object.fromEntries(current.flatMap((e) => (this.words!.has(e.hash) ? [[e.hash, this.words!.get(e.hash)!]] : [])));
    return this.cache.writePackAsync(WORDS_PACK, this.key, keep);
  }
}
