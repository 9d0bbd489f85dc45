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
    /** How many entries the delta read holds. */
    private readonly deltaSize: number,
  ) {}

  /** Whether the pack `name` exists at all (a hint, unverified: a stage with nothing to do may skip opening it). */
  static exists(cache: BuildCache, name: string): boolean {
    return cache.hasPack(name);
  }

  /** The pack `name` under `key`: empty when it is missing, corrupt, or was written under another key. */
  static open<T>(cache: BuildCache, name: string, key: string, { deltas = false }: PackOptions = {}): Pack<T> {
    const base = cache.readPack<T>(name, key);
    const delta = deltas ? cache.readPackDelta<T>(name, key) : {};
    const size = Object.keys(delta).length;
    return new Pack(cache, name, key, size ? { ...base, ...delta } : base, base, deltas, size);
  }

  get(key: string): T | undefined {
    return Object.hasOwn(this.entries, key) ? this.entries[key] : undefined;
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
    if (this.deltaSize === changed.length && changed.every((k) => this.entries[k] === entries[k])) return Promise.resolve();
    return this.cache.writePackDeltaAsync(this.name, this.key, Object.fromEntries(changed.map((k) => [k, entries[k]!])));
  }

  /** save(), written on this thread before it returns. */
  saveNow(entries: Record<string, T>, changed = !this.holds(entries)): void {
    if (changed) this.cache.writePack(this.name, this.key, entries);
  }
}
