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
import type { BuildCache } from '../cache/BuildCache.ts';
import { readSource, readSources, startStamps, type SourceRef } from '../cache/readSources.ts';
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
  /** Each article's stamp (file in blog/ -> stamp) when it was read or found unchanged. */
  stamps: Map<string, string>;
  save: () => Promise<void>;
}> {
  const files = listPostFiles(config.contentDir);
  // A big site with no article index yet is a cold build: the workers start now, while this thread reads.
  const speculative = config.write && !cache.hasPack('posts') ? pool.useWorkers(ShardPool.workersFor(files.length, config.workers), files.length) : undefined;
  const blogDir = path.join(config.contentDir, 'blog');
  // Without packs (a cold build) nothing waits for the generator's key: the shards start reading at once.
  const packKey = cache.hasPack('sources') || cache.hasPack('posts') ? await generatorKey : null;
  const knownStamps = packKey ? cache.readPack<string>('sources', packKey) : {};
  const known = packKey ? cache.readPack<PostMeta>('posts', packKey) : {};
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
  // Each pack is rewritten only when it changed: a new, edited or deleted article. Hashed and written
  // off this thread; the build waits for them before its output goes in place.
  const save = async () => {
    await Promise.all([
      changed && cache.writePackAsync('sources', key, stamps),
      (missing.length || Object.keys(known).length !== posts.length) &&
        cache.writePackAsync('posts', key, Object.fromEntries(posts.map((p) => [postKey(p.file, p.hash), p]))),
    ]);
  };
  // An article without a stamp (none should be) stamps as missing: a build record holding it never holds.
  const articleStamps = new Map(files.map((f) => [f, stamps[f]?.split(' ')[0] ?? 'missing']));
  return { posts: sortPosts(posts.map(withoutBody)), parsed: missing.length, stamps: articleStamps, save };
}
