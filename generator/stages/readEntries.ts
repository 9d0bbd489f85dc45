/**
 * The list collections' part of the content stage: every entry's metadata,
 * from the build cache where its file is unchanged, else read by the shards
 * (front matter validated; the markdown stays in the shard that read it,
 * to be rendered right before its page). With no stamps to go by (a cold
 * build), the shards read and hash the files themselves, in parallel;
 * otherwise this thread stats them all and reads only the changed ones.
 * Starts the worker threads early on a big site with no cache yet, so they
 * boot while this thread works.
 */
import path from 'node:path';
import type { BuildCache } from '../cache/BuildCache.ts';
import { Pack } from '../cache/Pack.ts';
import { readSource, readSources, startStamps, type SourceRef } from '../cache/readSources.ts';
import type { ResolvedConfig } from '../config.ts';
import type { LinkPolicy } from '../core/contentLinks.ts';
import { listEntryFiles, sortEntries, withoutBody } from '../content/load.ts';
import type { Progress } from '../core/progress.ts';
import type { Entry, EntryMeta, ListCollection } from '../site/defineConfig.ts';
import { ShardPool } from '../shards/ShardPool.ts';
import type { SourceFile } from '../shards/ShardState.ts';

/** An entry in its collection's pack: its path and content hash (the same text under another name is another entry). */
const postKey = (file: string, hash: string) => `${file} ${hash}`;

/** The build cache's packs of a list collection: its entries' metadata, and its files' stamps. */
export const entriesPack = (name: string) => `entries-${name}`;
const sourcesPack = (name: string) => `sources-${name}`;

export interface ReadEntriesInput {
  /** The collection's name in the site's config, and its declaration. */
  name: string;
  list: ListCollection;
  config: ResolvedConfig;
  cache: BuildCache;
  pool: ShardPool;
  /** The generator's own key (sourceKey): packs written by another generator version are ignored. */
  generatorKey: Promise<string>;
  progress: Progress;
  /** What the content's symbolic links may lead to (core/contentLinks.ts). */
  links: LinkPolicy;
}

/**
 * In the collection's order, bodies empty (html "", no headings, 0 words); `parsed`: how many were read
 * afresh; `save`: writes what changed into the build cache (the caller picks a moment the workers are
 * busy), settling when it is written.
 */
export interface ReadEntriesResult {
  entries: Entry[];
  /** The collection's file names, sorted (what the build record hashes as its list). */
  files: string[];
  parsed: number;
  /** Each entry (content-relative file, in listing order) -> its stamp when read or found unchanged, and its hash. */
  stamps: Map<string, { stamp: string; hash: string }>;
  save: () => Promise<void>;
}

export async function readEntries({ name, list, config, cache, pool, generatorKey, progress, links }: ReadEntriesInput): Promise<ReadEntriesResult> {
  const files = listEntryFiles(config.contentDir, list.dir, list.nested, links);
  const [ENTRIES, SOURCES] = [entriesPack(name), sourcesPack(name)];
  // A big site with no entry index yet is a cold build: the workers start now, while this thread reads.
  const speculative = config.write && !Pack.exists(cache, ENTRIES) ? pool.useWorkers(ShardPool.workersFor(files.length, config.workers), files.length) : undefined;
  const dir = path.join(config.contentDir, list.dir);
  // Without packs (a cold build) nothing waits for the generator's key: the shards start reading at once.
  const packKey = Pack.exists(cache, SOURCES) || Pack.exists(cache, ENTRIES) ? await generatorKey : null;
  // Each pack, with the few entries changed since it was written (its delta; see save below).
  const sourcesRead = packKey ? Pack.open<string>(cache, SOURCES, packKey, { deltas: true }) : null;
  const entriesRead = packKey ? Pack.open<EntryMeta>(cache, ENTRIES, packKey, { deltas: true }) : null;
  const knownStamps = sourcesRead?.entries ?? {};
  const known = entriesRead?.entries ?? {};
  const keyOf = (file: string, hash: string) => postKey(`${list.dir}/${file}`, hash);
  // Stamps known: stat every file, read the changed ones here. None: every file is read by the shards.
  const { sources, stamps, changed } = Object.keys(knownStamps).length
    ? readSources(dir, files, knownStamps)
    : { sources: files.map((file): SourceRef => ({ file })), stamps: startStamps(), changed: true };
  const missing: SourceFile[] = sources
    .filter((s) => !s.hash || !known[keyOf(s.file, s.hash)])
    .map((s) => (s.hash ? { file: s.file, hash: s.hash, source: readSource(dir, s) } : { file: s.file }));
  await speculative;
  if (config.write) await pool.useWorkers(ShardPool.workersFor(missing.length, config.workers), files.length);
  const fresh = await pool.parse(config.contentDir, name, missing, (n) => progress.update(`Reading ${list.dir}`, n, missing.length));
  Object.assign(stamps, fresh.stamps);
  const read = new Map<string, EntryMeta>(fresh.metas.map((m) => [m.file, m]));
  const metas = sources.map((s) => read.get(`${list.dir}/${s.file}`) ?? known[keyOf(s.file, s.hash!)]!);

  const key = await generatorKey;
  // Each pack is written only when it changed: a new, edited or deleted entry. A few edited entries of
  // thousands go into its delta (the pack itself stays as it is); anything else rewrites it. Hashed and
  // written off this thread; the build waits for them before its output goes in place.
  const save = async () => {
    const sourcesPack = sourcesRead ?? Pack.open<string>(cache, SOURCES, key, { deltas: true });
    const entriesPack = entriesRead ?? Pack.open<EntryMeta>(cache, ENTRIES, key, { deltas: true });
    // Keyed by content: an edit adds a key, and the one it replaces may stay in the pack until it is written whole.
    const byKey = Object.fromEntries(metas.map((p) => [postKey(p.file, p.hash), p]));
    await Promise.all([changed && sourcesPack.save(stamps, true), entriesPack.saveLoose(byKey)]);
  };
  // An entry without a stamp (none should be) stamps as missing: a build record holding it hashes it.
  const entryStamps = new Map(metas.map((p, i) => [`${list.dir}/${files[i]!}`, { stamp: stamps[files[i]!]?.split(' ')[0] ?? 'missing', hash: p.hash }]));
  return { entries: sortEntries(list, metas.map(withoutBody)), files, parsed: missing.length, stamps: entryStamps, save };
}
