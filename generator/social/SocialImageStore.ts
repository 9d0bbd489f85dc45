/**
 * Social images in the build cache: `social/<key>.png` by the image's key (socialImageKey.ts), and the
 * `social` pack with each one's SHA-256 and its stamp when stored or last verified. As with pages
 * (generator/cache/BuildCache.ts), nothing is trusted: an image whose stamp changed (a write through
 * its hard link in the output, say) is hashed again, and one that no longer hashes to what was stored
 * is made again. The output gets hard links (copies where links fail), so a warm build writes no image
 * data. Without a cache folder, images are kept in memory for the one build.
 */
import { copyFileSync, linkSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { writeFileAtomic } from '../core/writeFileAtomic.ts';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { BuildCache } from '../cache/BuildCache.ts';
import { Pack } from '../cache/Pack.ts';
import { contentHash } from '../core/contentHash.ts';
import { stampAt } from '../core/stampOf.ts';

interface StoredImage {
  hash: string;
  stamp: string;
}

const PACK = 'social';
/** The pack's entries are checked one by one (hash and stamp), whatever the generator: a fixed key. */
const PACK_KEY = 'social-images/1';
const NAME = /^[0-9a-f]{64}\.png$/;

export class SocialImageStore {
  private readonly dir: string | null;
  private readonly pack: Pack<StoredImage>;
  private readonly stored: Readonly<Record<string, StoredImage>>;
  /** This build's images: stored (with their stamps now) or held in memory (no cache folder). */
  private readonly current = new Map<string, StoredImage & { bytes?: Buffer }>();
  private changed = false;

  constructor(cache: BuildCache) {
    this.dir = cache.dir ? path.join(cache.dir, 'social') : null;
    if (this.dir) mkdirSync(this.dir, { recursive: true });
    this.pack = Pack.open<StoredImage>(cache, PACK, PACK_KEY);
    this.stored = this.pack.entries;
  }

  private file(key: string): string {
    return path.join(this.dir!, `${key}.png`);
  }

  /** Whether the image `key` is stored as it was made: same stamp, or else bytes that still hash to what was stored. */
  has(key: string): boolean {
    if (this.current.has(key)) return true;
    const entry = this.stored[key];
    if (!this.dir || !entry || typeof entry.hash !== 'string' || !/^[0-9a-f]{64}$/.test(key)) return false;
    let stamp = stampAt(this.file(key));
    if (!stamp) return false;
    if (stamp !== entry.stamp) {
      try {
        if (contentHash(readFileSync(this.file(key))) !== entry.hash) return false;
      } catch {
        return false;
      }
      stamp = stampAt(this.file(key)) ?? '';
      this.changed = true;
    }
    this.current.set(key, { hash: entry.hash, stamp });
    return true;
  }

  /** Stores a newly made image (written whole, then renamed into place). */
  put(key: string, bytes: Buffer): void {
    this.changed = true;
    const hash = contentHash(bytes);
    if (!this.dir) return void this.current.set(key, { hash, stamp: '', bytes });
    const file = this.file(key);
    writeFileAtomic(file, bytes);
    this.current.set(key, { hash, stamp: stampAt(file) ?? '' });
  }

  /** The stamp of a stored image of this build ('' when none is known: held in memory). */
  stamp(key: string): string {
    return this.current.get(key)?.stamp ?? '';
  }

  /** A stored image of this build, as bytes. */
  bytes(key: string): Buffer {
    const held = this.current.get(key);
    if (!held) throw new Error(`social image ${key} was neither found nor made`);
    return held.bytes ?? readFileSync(this.file(key));
  }

  /** Puts an image of this build at `target`: a hard link of the stored file, a copy where links fail. Returns whether it is a link. */
  place(key: string, target: string): boolean {
    const held = this.current.get(key);
    if (!held) throw new Error(`social image ${key} was neither found nor made`);
    if (held.bytes || !this.dir) {
      writeFileSync(target, held.bytes ?? this.bytes(key));
      return false;
    }
    try {
      linkSync(this.file(key), target);
      return true;
    } catch {
      copyFileSync(this.file(key), target);
      return false;
    }
  }

  /**
   * Writes the pack with exactly this build's images (when anything changed) and deletes the stored
   * images no build needs any more, on libuv's thread pool.
   */
  async save(): Promise<void> {
    if (!this.dir) return;
    const keep = new Set([...this.current.keys()].map((k) => `${k}.png`));
    const same = !this.changed && this.pack.size === this.current.size;
    await this.pack.save(Object.fromEntries([...this.current].map(([key, { hash, stamp }]) => [key, { hash, stamp }])), !same);
    const names = await readdir(this.dir);
    await Promise.all(names.filter((n) => !keep.has(n) && (NAME.test(n) || n.endsWith('.tmp'))).map((n) => rm(path.join(this.dir!, n), { force: true })));
  }
}
