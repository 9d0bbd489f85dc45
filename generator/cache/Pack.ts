/**
 * One pack of the build cache as a stage uses it: opened under this build's key, it holds what an
 * earlier build stored under that key (its delta included); saved, it holds exactly the entries this
 * build used, so keys no build uses any more are pruned. Nothing is written when the entries are the
 * ones read; a pack that allows deltas gets only the changed entries when few of many changed.
 * Stages use a Pack rather than BuildCache's pack methods, which it owns.
 */
import { fitsDelta, type BuildCache } from './BuildCache.ts';

export interface PackOptions {
  /** Few changed entries of many are written as a delta over the pack read (BuildCache.writePackDeltaAsync). */
  deltas?: boolean;
}

export class Pack<T> {
  private constructor(
    private readonly cache: BuildCache,
    readonly name: string,
    readonly key: string,
    /** As the last build stored them: the pack, then its delta over it. */
    readonly entries: Readonly<Record<string, T>>,
    /** The pack without its delta: what a new delta is written over (it replaces the last one). */
    private readonly base: Readonly<Record<string, T>>,
    private readonly deltas: boolean,
    /** The delta read (over `base`). */
    private readonly delta: Readonly<Record<string, T>>,
  ) {}

  /** Whether the pack `name` exists at all (a hint, unverified: a stage with nothing to do may skip opening it). */
  static exists(cache: BuildCache, name: string): boolean {
    return cache.hasPack(name);
  }

  /** Writes `entries` as the pack `name` under `key`, on this thread, without reading what it held. */
  static store<T>(cache: BuildCache, name: string, key: string, entries: Record<string, T>): void {
    cache.writePack(name, key, entries);
  }

  /** The pack `name` under `key`: empty when it is missing, corrupt, or was written under another key. */
  static open<T>(cache: BuildCache, name: string, key: string, { deltas = false }: PackOptions = {}): Pack<T> {
    const base = cache.readPack<T>(name, key);
    const delta = deltas ? cache.readPackDelta<T>(name, key) : {};
    return new Pack(cache, name, key, Object.keys(delta).length ? { ...base, ...delta } : base, base, deltas, delta);
  }

  get(key: string): T | undefined {
    return Object.hasOwn(this.entries, key) ? this.entries[key] : undefined;
  }

  /** The entry as the pack itself holds it, without its delta. */
  stored(key: string): T | undefined {
    return Object.hasOwn(this.base, key) ? this.base[key] : undefined;
  }

  /** Whether the delta read holds `key`. */
  inDelta(key: string): boolean {
    return Object.hasOwn(this.delta, key);
  }

  /** How many entries the pack itself holds, without its delta. */
  get storedSize(): number {
    return Object.keys(this.base).length;
  }

  get size(): number {
    return Object.keys(this.entries).length;
  }

  /** Whether `entries` are exactly the pack's: the same keys, each with the same value (===). */
  holds(entries: Readonly<Record<string, T>>): boolean {
    const keys = Object.keys(entries);
    return keys.length === this.size && keys.every((k) => Object.hasOwn(this.entries, k) && this.entries[k] === entries[k]);
  }

  /**
   * Stores `entries` as the pack, off this thread: nothing when `changed` is false (by default: unless the
   * pack holds them already), the changed entries alone when deltas fit, else the whole pack.
   */
  save(entries: Record<string, T>, changed = !this.holds(entries)): Promise<void> {
    if (!changed) return Promise.resolve();
    const delta = this.deltas && this.cache.hasBase(this.name) ? this.deltaOf(entries) : null;
    return delta ? this.cache.writePackDeltaAsync(this.name, this.key, delta) : this.cache.writePackAsync(this.name, this.key, entries);
  }

  /** The entries that differ from the pack without its delta, when they are few and none of its keys is gone; else null. */
  private deltaOf(entries: Record<string, T>): Record<string, T> | null {
    const keys = Object.keys(entries);
    if (Object.keys(this.base).some((k) => !Object.hasOwn(entries, k))) return null;
    const changed = keys.filter((k) => !Object.hasOwn(this.base, k) || this.base[k] !== entries[k]);
    return changed.length && fitsDelta(changed.length, keys.length) ? Object.fromEntries(changed.map((k) => [k, entries[k]!])) : null;
  }

  /**
   * save(), except that, when that lets a delta hold the change, entries of the pack that `entries` lack
   * stay in it (unused; a whole pack, written once the changes no longer fit a delta, drops them). For a
   * pack keyed by content, where an edit replaces a key rather than its value.
   */
  saveLoose(entries: Record<string, T>): Promise<void> {
    if (!this.deltas || !this.cache.hasBase(this.name)) return this.save(entries);
    const keys = Object.keys(entries);
    const changed = keys.filter((k) => !Object.hasOwn(this.base, k) || this.base[k] !== entries[k]);
    const stale = Object.keys(this.base).filter((k) => !Object.hasOwn(entries, k)).length;
    if (!fitsDelta(changed.length + stale, keys.length)) return this.cache.writePackAsync(this.name, this.key, entries);
    // The delta on disk already holds exactly these changes (each differs from the base, so came from it): nothing to write.
    if (Object.keys(this.delta).length === changed.length && changed.every((k) => this.entries[k] === entries[k])) return Promise.resolve();
    return this.cache.writePackDeltaAsync(this.name, this.key, Object.fromEntries(changed.map((k) => [k, entries[k]!])));
  }

  /** Whether this pack was read intact (a delta can be written over it). */
  get read(): boolean {
    return this.cache.hasBase(this.name);
  }

  /**
   * Stores `added` (entries new to the pack, or with new values) beside what it holds, as saveLoose does,
   * without going through every entry: the delta read and `added`, when they fit a delta; else the pack
   * written whole from `all()` (which then drops what it lacks).
   */
  saveAdded(added: Record<string, T>, all: () => Record<string, T>): Promise<void> {
    const fresh = Object.keys(added).filter((k) => this.get(k) !== added[k]);
    if (!fresh.length) return Promise.resolve();
    if (this.deltas && this.read) {
      const delta = { ...this.delta, ...Object.fromEntries(fresh.map((k) => [k, added[k]!])) };
      if (fitsDelta(Object.keys(delta).length, Object.keys(this.base).length)) return this.cache.writePackDeltaAsync(this.name, this.key, delta);
    }
    return this.save(all());
  }

  /**
   * Stores a pack of `total` entries that differs from what the pack itself holds (without its delta) by
   * `count` entries, `changes()`: as its delta when they fit (replacing the last delta), else whole, as the
   * JSON `pieces()` make (every entry's `"key":value`, comma-separated: a big pack is written without one
   * string of all of it).
   */
  saveChanges(count: number, changes: () => Record<string, T>, total: number, pieces: () => Uint8Array[]): Promise<void> {
    if (count && this.deltas && this.read && fitsDelta(count, total)) return this.cache.writePackDeltaAsync(this.name, this.key, changes());
    return this.cache.writePackPiecesAsync(this.name, this.key, [Buffer.from('{'), ...pieces(), Buffer.from('}')]);
  }

  /** save(), written on this thread before it returns. */
  saveNow(entries: Record<string, T>, changed = !this.holds(entries)): void {
    if (changed) this.cache.writePack(this.name, this.key, entries);
  }
}
