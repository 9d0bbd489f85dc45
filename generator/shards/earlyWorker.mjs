// The build's worker thread, started by bin/site.js before the CLI itself
// loads: a worker takes ~0.1-0.2 s to boot (Node's internals, then the
// shard bundle), and started this early it is ready by the time the main
// thread has the first articles to hand out, instead of ~0.3 s into the
// build. Only for a build that will read hundreds of articles (a cold
// one): a warm build is single-threaded, and a booting worker next to it
// costs it ~50 ms. The ShardPool adopts the worker if the site does want
// one (and the worker's heap fits the site), else it is terminated unused.
// Plain JavaScript, like selfBundle.mjs: bin/site.js runs it before
// anything can load TypeScript. The record lives on globalThis, because
// bin/site.js and the CLI bundle each have their own copy of this module.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { DEFAULT_CACHE_DIR, DEFAULT_CONTENT_DIR } from '../defaults.mjs';
import { selfBundle, siteRootOf } from '../selfBundle.mjs';
import { layerOff } from '../speedLayers.cjs';

const slot = Symbol.for('site.earlyShardWorker');

/**
 * A worker's old-generation limit: about twice what it keeps alive (~10 KB per article: the route table
 * and every article's metadata). V8 left alone grows each heap far past that (a build of 4,000 articles
 * peaked at 450 MB; capped, at under 380 MB and no slower). A worker that still runs out is replaced by
 * the main thread for the rest of its share, so the cap costs speed at worst, never the build.
 */
export const workerHeapMb = (articles) => Number(process.env.SITE_WORKER_HEAP_MB) || 48 + Math.ceil(articles / 125);

/** The shard worker's CommonJS bundle (generator/shards/shardWorker.ts) for the site at `siteRoot`, from the cache or freshly built. */
export const shardBundle = (root, siteRoot) => selfBundle(root, 'shard', 'generator/shards/shardWorker.ts', 'cjs', undefined, siteRootOf(siteRoot));

/** runBundle.cjs, a worker's entry: it runs the bundle named in workerData with V8's code cache. */
const runBundleFile = fileURLToPath(new URL('../runBundle.cjs', import.meta.url));

/** A shard worker running the CommonJS bundle `file`, its old generation capped at `heapMb`. */
export const shardWorker = (file, heapMb) =>
  new Worker(runBundleFile, { workerData: { bundle: file }, resourceLimits: { maxOldGenerationSizeMb: heapMb } });

/** Below this much work (articles to parse + pages to render), starting workers costs more than it saves. */
export const WORKER_THRESHOLD = 400;

/** The value of `--name value` or `--name=value` in args, else undefined. */
const flag = (args, name) => {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  return args[i] === name ? args[i + 1] : args[i].slice(name.length + 1);
};

/**
 * Whether `site build` with these arguments will (probably) use a worker to read articles: workers not
 * turned off, no article index in the build cache (or the cache ignored), and hundreds of articles or a
 * forced worker count. A wrong guess costs a little time, never the build: the pool decides for itself.
 */
export function earlyWorkerWanted(args, cwd = process.cwd()) {
  if (layerOff('earlyWorker') || layerOff('workers')) return false;
  const forced = flag(args, '--workers');
  if (forced !== undefined && !(Number(forced) > 0)) return false;
  const cacheDir = path.resolve(cwd, flag(args, '--cache-dir') ?? DEFAULT_CACHE_DIR);
  // BuildCache keeps each list collection's index as entries-<name>.pack (stages/readEntries.ts).
  if (!args.includes('--no-cache') && hasEntryIndex(cacheDir)) return false;
  if (forced !== undefined) return true;
  // The site's config is not loaded yet: its list collections are folders of the content folder.
  const content = path.resolve(cwd, flag(args, '--content') ?? DEFAULT_CONTENT_DIR);
  try {
    const folders = readdirSync(content, { withFileTypes: true }).filter((e) => e.isDirectory());
    return folders.some((d) => readdirSync(path.join(content, d.name)).filter((f) => f.endsWith('.md')).length >= WORKER_THRESHOLD);
  } catch {
    return false;
  }
}

/** Started before the site is read, the early worker is sized for up to this many articles; a bigger site starts its own. */
const EARLY_ARTICLES = 6000;

/** Starts the shard worker `file` ahead of the build that will (probably) want it. */
export function startEarlyWorker(file) {
  const heapMb = workerHeapMb(EARLY_ARTICLES);
  const worker = shardWorker(file, heapMb);
  // Until adopted, it does not keep the process alive.
  worker.unref();
  const record = { heapMb, worker, exited: false };
  worker.once('exit', () => (record.exited = true));
  worker.on('error', () => {}); // reported through 'exit' to whoever adopts it; never thrown at nobody
  globalThis[slot] = record;
}

/**
 * The early worker, if it has at least `heapMb` of heap and is still alive; the caller then owns it (and
 * must listen to it in the same tick: its events are not replayed). An early worker too small for the
 * site is terminated: nobody will adopt it.
 */
export function adoptEarlyWorker(heapMb) {
  const record = globalThis[slot];
  if (!record) return undefined;
  delete globalThis[slot];
  if (record.exited || record.heapMb < heapMb) {
    void record.worker.terminate();
    return undefined;
  }
  record.worker.removeAllListeners('error');
  record.worker.ref();
  return record.worker;
}

/** Terminates the early worker if nobody adopted it (the build wanted no worker). */
export function discardEarlyWorker() {
  const record = globalThis[slot];
  if (!record) return;
  delete globalThis[slot];
  void record.worker.terminate();
}

function hasEntryIndex(cacheDir) {
  try {
    return readdirSync(cacheDir).some((f) => f.startsWith('entries-') && f.endsWith('.pack'));
  } catch {
    return false;
  }
}
