/**
 * The build cache under .site/cache/build: packs (JSON with a checked
 * header) and a folder of pages. The packs' contents belong to their
 * writers; the main ones:
 *
 * - entries-<list>.pack: a list collection's entries' metadata (front matter) by the content hash of
 *   the source file, so a warm build need not parse thousands of articles
 *   to know the route table; sources-<list>.pack: each entry file's stamp and
 *   hash (readSources.ts).
 * - pages.pack: per route, the key it was rendered under, the content
 *   files it read, its check summary and the hash of its HTML
 *   (stages/renderPages.ts).
 * - asset-*.pack: the stylesheet and the widget bundle (cachedAsset.ts).
 * - <name>-delta.pack: entries changed since <name>.pack was written, for a
 *   build that changed a few of thousands (readPackDelta): valid only with
 *   the very base it was written after (its key names the base's hash).
 * - pages/<sha256>.html: rendered pages, content-addressed. The output
 *   folder gets hard links to them (a copy where links are not possible):
 *   a warm build of thousands of pages writes no page data at all.
 *
 * The folder is the cache's own (claimCacheDir.ts: missing, empty or
 * holding only what a cache makes, then tagged), so deleting is safe.
 * Nothing read from here is trusted: a pack carries the SHA-256 of its
 * body and the key it was written for (format, generator sources,
 * dependency versions, config), and a page file must hash to its name.
 * Hashing 4,000 pages on every warm build would cost more than the rest of
 * it, so a page file is hashed once, when stored, and its stamp (inode,
 * size, modification time) recorded; any later write to it (through a
 * hard link in the output folder too) changes the stamp, and the file is
 * hashed again before use. Anything that does not check out is ignored
 * and rebuilt. Writes go to a
 * temporary file and are renamed into place, so a crash leaves no torn pack.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
  writevSync,
} from 'node:fs';
import { open, readdir, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { chunksHash, contentHash } from '../core/contentHash.ts';
import { stampAt, stampOf } from '../core/stampOf.ts';
import { claimCacheDir } from './claimCacheDir.ts';
import { layerOff } from '../core/speedLayers.cjs';
import { tmpNameFor, writeFileAtomic } from '../core/writeFileAtomic.ts';

const FORMAT = 'site-build-cache/1';

/**
 * Whether `changed` entries of a pack of `total` go into its delta rather than a new pack: at most 32, or
 * a sixteenth of them if that is more (a delta is read beside its pack on every build until replaced).
 */
export const fitsDelta = (changed: number, total: number): boolean => changed <= Math.max(32, total / 16) && !layerOff('packDeltas');


export class BuildCache {
  /** Where pages are stored, with a trailing separator (pageFile runs for every page). */
  private readonly pagesDir: string;

  private constructor(
    /** null: caching is off (nothing read, nothing written). */
    readonly dir: string | null,
    /** false with --no-cache: nothing is read, everything is written afresh. */
    private readonly trusted: boolean,
  ) {
    this.pagesDir = dir ? path.join(dir, 'pages') + path.sep : '';
  }

  /** Throws CacheDirNotEmpty for a folder that holds anything but a build cache (claimCacheDir.ts). */
  static open(dir: string | null, options: { read: boolean }): BuildCache {
    if (dir) {
      claimCacheDir(dir);
      mkdirSync(path.join(dir, 'pages'), { recursive: true });
    }
    return new BuildCache(dir, options.read);
  }

  /** Whether a pack file exists at all (unverified: a hint, not a fact). */
  hasPack(name: string): boolean {
    return !!this.dir && this.trusted && existsSync(path.join(this.dir, `${name}.pack`));
  }

  /** Body hashes of the packs read so far (name -> SHA-256): what a delta written later is tied to. */
  private readonly sums = new Map<string, string>();

  /** A pack's entries, or {} when it is missing, corrupt, or was written for another key. */
  readPack<T>(name: string, key: string): Record<string, T> {
    this.sums.delete(name);
    const read = this.dir ? this.readPackFile<T>(path.join(this.dir, `${name}.pack`), key) : null;
    if (!read) return {};
    this.sums.set(name, read.sum);
    return read.entries;
  }

  /**
   * The entries written with writePackDeltaAsync after the pack `name` exactly as readPack last read it
   * (same key, same body), or {} (none, corrupt, or written after another version of the pack).
   */
  readPackDelta<T>(name: string, key: string): Record<string, T> {
    const base = this.sums.get(name);
    return (base && this.readPackFile<T>(this.deltaFile(name), `${key}@${base}`)?.entries) || {};
  }

  private readPackFile<T>(file: string, key: string): { entries: Record<string, T>; sum: string } | null {
    if (!this.dir || !this.trusted) return null;
    try {
      // The body is hashed as the bytes it was written as, and decoded once (a pages pack is megabytes).
      const data = readFileSync(file);
      const newline = data.indexOf(10);
      if (newline < 0) return null;
      const [format, packKey, sum] = data.toString('utf8', 0, newline).split(' ');
      if (format !== FORMAT || packKey !== key || !sum || sum !== contentHash(data.subarray(newline + 1))) return null;
      const entries = JSON.parse(data.toString('utf8', newline + 1)) as unknown;
      return entries && typeof entries === 'object' && !Array.isArray(entries) ? { entries: entries as Record<string, T>, sum } : null;
    } catch {
      return null;
    }
  }

  /** Whether writePackDeltaAsync can add to the pack `name`: this build read it, intact, under its key. */
  hasBase(name: string): boolean {
    return !!this.dir && this.sums.has(name);
  }

  /**
   * Writes `entries` as the delta of the pack `name` as readPack read it (hasBase), replacing any earlier
   * delta: the caller carries over what it still wants of that one. The base stays as it is.
   */
  writePackDeltaAsync(name: string, key: string, entries: Record<string, unknown>): Promise<void> {
    const base = this.sums.get(name);
    if (!this.dir || !base) return Promise.reject(new Error(`no base to write a delta of the ${name} pack after`));
    return this.writePiecesAsync(this.deltaFile(name), `${key}@${base}`, [Buffer.from(JSON.stringify(entries))]);
  }

  writePack(name: string, key: string, entries: Record<string, unknown>): void {
    if (this.dir) this.writePackJson(name, key, JSON.stringify(entries));
  }

  /** writePack with the entries already serialized (a JSON object), e.g. piece by piece as they came. */
  writePackJson(name: string, key: string, body: string): void {
    if (!this.dir) return;
    rmSync(this.deltaFile(name), { force: true });
    writeFileAtomic(path.join(this.dir, `${name}.pack`), `${FORMAT} ${key} ${contentHash(body)}\n${body}`);
  }

  /** writePack, written off this thread (writePackPiecesAsync); the JSON is made and hashed here. */
  writePackAsync(name: string, key: string, entries: Record<string, unknown>): Promise<void> {
    return this.writePackPiecesAsync(name, key, [Buffer.from(JSON.stringify(entries))]);
  }

  /**
   * A pack whose JSON body comes already encoded, in pieces (thousands of them: a page each): hashed here
   * as they are (chunksHash), written on libuv's thread pool without being joined into one buffer first.
   * The same file as writePack.
   */
  async writePackPiecesAsync(name: string, key: string, pieces: readonly Uint8Array[]): Promise<void> {
    if (!this.dir) return;
    await rm(this.deltaFile(name), { force: true });
    await this.writePiecesAsync(path.join(this.dir, `${name}.pack`), key, pieces);
  }

  /** A delta belongs to the pack it was written after: a new pack leaves it behind (deleted when one is written). */
  private deltaFile(name: string): string {
    return path.join(this.dir!, `${name}-delta.pack`);
  }

  private async writePiecesAsync(file: string, key: string, pieces: readonly Uint8Array[]): Promise<void> {
    const tmp = tmpNameFor(file);
    try {
      const handle = await open(tmp, 'w');
      try {
        const all = [Buffer.from(`${FORMAT} ${key} ${chunksHash(pieces)}\n`), ...pieces];
        // writev takes at most IOV_MAX (1,024 on Linux) pieces a call, and may write less than asked.
        for (let i = 0; i < all.length; i += 1024) {
          const group = all.slice(i, i + 1024);
          const { bytesWritten } = await handle.writev(group);
          if (bytesWritten === group.reduce((n, piece) => n + piece.byteLength, 0)) continue;
          const rest = Buffer.concat(group).subarray(bytesWritten);
          for (let done = 0; done < rest.length; ) done += (await handle.write(rest, done)).bytesWritten;
        }
      } finally {
        await handle.close();
      }
      await rename(tmp, file);
    } catch (e) {
      await unlink(tmp).catch(() => {});
      throw e;
    }
  }

  /** A rendered page (UTF-8 bytes) by the hash of its HTML, or null when missing or not matching its hash. */
  readPage(hash: string): Buffer | null {
    if (!this.dir || !this.trusted || !/^[0-9a-f]{64}$/.test(hash)) return null;
    try {
      const bytes = readFileSync(this.pageFile(hash));
      return contentHash(bytes) === hash ? bytes : null;
    } catch {
      return null;
    }
  }

  writePage(hash: string, html: Uint8Array): void {
    if (this.dir) writeFileAtomic(this.pageFile(hash), html);
  }

  /**
   * Writes a rendered page to `file` (in the output folder) and stores it: linked, or copied where links
   * fail. Returns the stamps of the stored page (null without a cache) and of the written file: the same
   * when it is a link. They come from the open file (a link shares its inode), so storing costs no extra
   * lookup of the path. `html`: the bytes, or the bytes in pieces (written with one vectored write).
   */
  writeAndAdopt(hash: string, file: string, html: Uint8Array | readonly Uint8Array[]): { stored: string | null; written: string } {
    const fd = openSync(file, 'w');
    let stamp: string;
    try {
      if (html instanceof Uint8Array) writeSync(fd, html);
      else writevSync(fd, html as Uint8Array[]);
      stamp = stampOf(fstatSync(fd));
    } finally {
      closeSync(fd);
    }
    if (!this.dir) return { stored: null, written: stamp };
    try {
      // A link appears whole or not at all.
      linkSync(file, this.pageFile(hash));
      return { stored: stamp, written: stamp };
    } catch {
      // Already there (a corrupt copy, or the same bytes under an older key) or links are not possible here.
      writeFileAtomic(this.pageFile(hash), html instanceof Uint8Array ? html : Buffer.concat(html));
      return { stored: this.pageStamp(hash), written: stamp };
    }
  }

  /** The stamp of a stored page (inode, size, modification time), or null when it is missing. */
  pageStamp(hash: string): string | null {
    return this.dir ? stampAt(this.pageFile(hash)) : null;
  }

  /**
   * Puts a stored page at `target` if it is still what was stored: its stamp unchanged since it was
   * hashed, or its bytes hashing to its name. A hard link, or a copy where links fail. Returns the
   * stored page's current stamp and whether `target` is a link of it (then it has that stamp too), or
   * null when the page is missing or corrupt (render it again).
   */
  placePage(hash: string, stamp: string | undefined, target: string): { stamp: string; linked: boolean } | null {
    if (!this.trusted) return null;
    const now = this.pageStamp(hash);
    if (!now) return null;
    let bytes: Buffer | null = null;
    if (now !== stamp) {
      bytes = this.readPage(hash);
      if (!bytes) return null;
    }
    try {
      linkSync(this.pageFile(hash), target);
      return { stamp: now, linked: true };
    } catch {
      const data = bytes ?? this.readPage(hash);
      if (!data) return null;
      writeFileSync(target, data);
      return { stamp: now, linked: false };
    }
  }

  /**
   * Deletes page files no pack refers to any more, so the cache does not grow without bound. The folder
   * is listed, and the files deleted, on libuv's thread pool.
   */
  async prunePages(keep: Set<string>): Promise<void> {
    if (!this.dir) return;
    const dir = path.join(this.dir, 'pages');
    const names = await readdir(dir);
    await Promise.all(names.filter((name) => !keep.has(name.replace(/\.html$/, ''))).map((name) => rm(path.join(dir, name), { force: true })));
  }

  private pageFile(hash: string): string {
    return `${this.pagesDir}${hash}.html`;
  }
}
