/**
 * The build cache under .site/cache/build: two packs and a folder of pages.
 *
 * - posts.pack: article metadata (front matter, headings, word count) by
 *   the content hash of the source file, so a warm build need not parse
 *   thousands of articles to know the route table.
 * - pages.pack: per route, the key it was rendered under, the content
 *   files it read, its check summary and the hash of its HTML.
 * - pages/<sha256>.html: rendered pages, content-addressed. The output
 *   folder gets hard links to them (a copy where links are not possible):
 *   a warm build of thousands of pages writes no page data at all.
 *
 * Nothing read from here is trusted: a pack carries the SHA-256 of its
 * body and the key it was written for (format, generator sources,
 * dependency versions, config), a page file must hash to its name, and
 * anything that does not check out is ignored and rebuilt. Writes go to a
 * temporary file and are renamed into place, so a crash leaves no torn pack.
 */
import { linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from './contentHash.ts';

const FORMAT = 'site-build-cache/1';

export class BuildCache {
  private constructor(
    /** null: caching is off (nothing read, nothing written). */
    readonly dir: string | null,
    /** false with --no-cache: nothing is read, everything is written afresh. */
    private readonly trusted: boolean,
  ) {}

  static open(dir: string | null, options: { read: boolean }): BuildCache {
    if (dir) mkdirSync(path.join(dir, 'pages'), { recursive: true });
    return new BuildCache(dir, options.read);
  }

  /** A pack's entries, or {} when it is missing, corrupt, or was written for another key. */
  readPack<T>(name: string, key: string): Record<string, T> {
    if (!this.dir || !this.trusted) return {};
    try {
      const data = readFileSync(path.join(this.dir, `${name}.pack`), 'utf8');
      const newline = data.indexOf('\n');
      const [format, packKey, sum] = data.slice(0, newline).split(' ');
      const body = data.slice(newline + 1);
      if (format !== FORMAT || packKey !== key || sum !== contentHash(body)) return {};
      const entries = JSON.parse(body) as unknown;
      return entries && typeof entries === 'object' && !Array.isArray(entries) ? (entries as Record<string, T>) : {};
    } catch {
      return {};
    }
  }

  writePack(name: string, key: string, entries: Record<string, unknown>): void {
    if (!this.dir) return;
    const body = JSON.stringify(entries);
    this.writeAtomic(path.join(this.dir, `${name}.pack`), `${FORMAT} ${key} ${contentHash(body)}\n${body}`);
  }

  /** A rendered page by the hash of its HTML, or null when missing or not matching its hash. */
  readPage(hash: string): string | null {
    if (!this.dir || !this.trusted || !/^[0-9a-f]{64}$/.test(hash)) return null;
    try {
      const html = readFileSync(this.pageFile(hash), 'utf8');
      return contentHash(html) === hash ? html : null;
    } catch {
      return null;
    }
  }

  writePage(hash: string, html: string): void {
    if (this.dir) this.writeAtomic(this.pageFile(hash), html);
  }

  /** Stores a page that was just written to `file` (in the output folder): linked, or copied where links fail. */
  adoptPage(hash: string, file: string, html: string): void {
    if (!this.dir) return;
    const tmp = this.tmpName(this.pageFile(hash));
    try {
      linkSync(file, tmp);
      renameSync(tmp, this.pageFile(hash));
    } catch {
      this.writeAtomic(this.pageFile(hash), html);
    }
  }

  /** Puts a verified cached page (see readPage) at `target`: a hard link, or a copy where links fail. */
  placePage(hash: string, html: string, target: string): void {
    try {
      linkSync(this.pageFile(hash), target);
    } catch {
      writeFileSync(target, html);
    }
  }

  /** Deletes page files no pack refers to any more, so the cache does not grow without bound. */
  prunePages(keep: Set<string>): void {
    if (!this.dir) return;
    const dir = path.join(this.dir, 'pages');
    for (const name of readdirSync(dir)) {
      if (!keep.has(name.replace(/\.html$/, ''))) rmSync(path.join(dir, name), { force: true });
    }
  }

  private pageFile(hash: string): string {
    return path.join(this.dir!, 'pages', `${hash}.html`);
  }

  private tmpName(file: string): string {
    return `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  }

  private writeAtomic(file: string, data: string): void {
    const tmp = this.tmpName(file);
    try {
      writeFileSync(tmp, data);
      renameSync(tmp, file);
    } catch (e) {
      try {
        unlinkSync(tmp);
      } catch {
        /* never written */
      }
      throw e;
    }
  }
}
