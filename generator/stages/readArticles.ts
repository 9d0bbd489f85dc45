/**
 * The articles part of the content stage: every article's metadata, from
 * the build cache where its file is unchanged, else read by the shards
 * (front matter validated; the markdown stays in the shard that read it,
 * to be rendered right before its page). With no stamps to go by (a cold
 * build), the shards read and hash the files themselves, in parallel;
 * otherwise this thread stats them all and reads only the changed ones.
 * Starts the worker threads early on a big site with no cache yet, so they
 * boot while this thread works.
 */
import path from 'node:path';
import { fitsDelta, type BuildCache } from '../cache/BuildCache.ts';
import { readSource, readSources, startStamps, WRITTEN, type SourceRef } from '../cache/readSources.ts';
import type { ResolvedConfig } from '../config.ts';
import { listPostFiles, sortPosts, withoutBody, type Post, type PostMeta } from '../content/load.ts';
import type { Progress } from '../progress.ts';
import { ShardPool } from '../shards/ShardPool.ts';
import type { SourceFile } from '../shards/ShardState.ts';

/** An article in the posts pack: its path and content hash (the same text under another name is another article). */
const postKey = (file: string, hash: string) => `${file} ${hash}`;

export interface ReadArticlesInput {
  config: ResolvedConfig;
  cache: BuildCache;
  pool: ShardPool;
  /** The generator's own key (sourceKey): packs written by another generator version are ignored. */
  generatorKey: Promise<string>;
  progress: Progress;
}

/**
 * Newest first, bodies empty (html "", no headings, 0 words); `parsed`: how many were read afresh;
 * `save`: writes what changed into the build cache (the caller picks a moment the workers are busy),
 * settling when it is written.
 */
export async function readArticles({ config, cache, pool, generatorKey, progress }: ReadArticlesInput): Promise<{
  posts: Post[];
  parsed: number;
  /** Each article (file in blog/, in listing order) -> its stamp when read or found unchanged, and its hash. */
  stamps: Map<string, { stamp: string; hash: string }>;
  save: () => Promise<void>;
}> {
  const files = listPostFiles(config.contentDir);
  // A big site with no article index yet is a cold build: the workers start now, while this thread reads.
  const speculative = config.write && !cache.hasPack('posts') ? pool.useWorkers(ShardPool.workersFor(files.length, config.workers), files.length) : undefined;
  const blogDir = path.join(config.contentDir, 'blog');
  // Without packs (a cold build) nothing waits for the generator's key: the shards start reading at once.
  const packKey = cache.hasPack('sources') || cache.hasPack('posts') ? await generatorKey : null;
  // Each pack, and the few entries changed since it was written (its delta; see save below).
  const baseStamps = packKey ? cache.readPack<string>('sources', packKey) : {};
  const knownStamps = packKey ? { ...baseStamps, ...cache.readPackDelta<string>('sources', packKey) } : {};
  const basePosts = packKey ? cache.readPack<PostMeta>('posts', packKey) : {};
  const postsDelta = packKey ? cache.readPackDelta<PostMeta>('posts', packKey) : {};
  const known = { ...basePosts, ...postsDelta };
  const keyOf = (file: string, hash: string) => postKey(`blog/${file}`, hash);
  // Stamps known: stat every file, read the changed ones here. None: every file is read by the shards.
  const { sources, stamps, changed } = Object.keys(knownStamps).length
    ? readSources(blogDir, files, knownStamps)
    : { sources: files.map((file): SourceRef => ({ file })), stamps: startStamps(), changed: true };
  const missing: SourceFile[] = sources
    .filter((s) => !s.hash || !known[keyOf(s.file, s.hash)])
    .map((s) => (s.hash ? { file: s.file, hash: s.hash, source: readSource(blogDir, s) } : { file: s.file }));
  await speculative;
  if (config.write) await pool.useWorkers(ShardPool.workersFor(missing.length, config.workers), files.length);
  const fresh = await pool.parse(blogDir, missing, (n) => progress.update('Reading articles', n, missing.length));
  Object.assign(stamps, fresh.stamps);
  const metas = new Map<string, PostMeta>(fresh.metas.map((m) => [m.file, m]));
  const posts = sources.map((s) => metas.get(`blog/${s.file}`) ?? known[keyOf(s.file, s.hash!)]!);

  const key = await generatorKey;
  // Each pack is written only when it changed: a new, edited or deleted article. A few edited articles of
  // thousands go into its delta (the pack itself stays as it is); anything else rewrites it. Hashed and
  // written off this thread; the build waits for them before its output goes in place.
  const save = async () => {
    const baseFiles = Object.keys(baseStamps).filter((k) => k !== WRITTEN);
    const sameFiles = baseFiles.length === files.length && files.every((f) => baseStamps[f] !== undefined);
    const restamped = files.filter((f) => stamps[f] !== baseStamps[f]);
    const writeSources = () =>
      sameFiles && cache.hasBase('sources') && fitsDelta(restamped.length, files.length)
        ? cache.writePackDeltaAsync('sources', key, { [WRITTEN]: stamps[WRITTEN], ...Object.fromEntries(restamped.map((f) => [f, stamps[f]])) })
        : cache.writePackAsync('sources', key, stamps);

    const current = posts.map((p) => postKey(p.file, p.hash));
    const added = current.filter((k) => basePosts[k] === undefined);
    const stale = Object.keys(basePosts).length - (current.length - added.length);
    const deltaAsRead = Object.keys(postsDelta).length === added.length && added.every((k) => postsDelta[k] !== undefined);
    const byKey = new Map(posts.map((p, i) => [current[i]!, p]));
    const writePosts = () =>
      cache.hasBase('posts') && fitsDelta(added.length, files.length) && fitsDelta(stale, files.length)
        ? deltaAsRead
          ? undefined // the pack and its delta hold exactly these articles already
          : cache.writePackDeltaAsync('posts', key, Object.fromEntries(added.map((k) => [k, byKey.get(k)!])))
        : added.length || stale
          ? cache.writePackAsync('posts', key, Object.fromEntries(posts.map((p, i) => [current[i]!, p])))
          : undefined;
    await Promise.all([changed && writeSources(), writePosts()]);
  };
  // An article without a stamp (none should be) stamps as missing: a build record holding it hashes it.
  const articleStamps = new Map(posts.map((p, i) => [files[i]!, { stamp: stamps[files[i]!]?.split(' ')[0] ?? 'missing', hash: p.hash }]));
  return { posts: sortPosts(posts.map(withoutBody)), parsed: missing.length, stamps: articleStamps, save };
}
