/**
 * The build's shards: one in the main thread, plus a worker thread for
 * every other core when there are thousands of articles to parse or pages
 * to render. The main thread takes a share too: it would otherwise sit
 * idle, and every thread costs a copy of the renderer's memory.
 *
 * Work is handed out in small batches, so every thread stays busy to the
 * end: articles to parse from one list, in batches that shrink as the list
 * runs out (a worker keeps several queued, so it has work while this thread
 * is busy with something long, such as the site's other content, yet
 * finishes with the others); pages to render from one queue per
 * shard, holding first the pages of the articles that shard read (their
 * markdown is still there), and a shard that runs out takes batches from
 * the back of the longest other queue (it reads those articles' markdown
 * again). A worker always has two requests queued, so it never waits for
 * the main thread between batches.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatorRoot } from '../cache/sourceKey.ts';
import { selfBundle, siteBundle } from '../selfBundle.mjs';
import { layerOff } from '../core/speedLayers.cjs';
import { givenSiteBundle, type SiteBundle } from '../runBundle.cjs';
import type { Route } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import type { MarkdownResult, RenderMarkdown } from '../content/markdown.ts';
import { errorFromData, type ShardReply, type ShardRequest } from './shardProtocol.ts';
import type { ShardFeatures } from './pageAnalyser.ts';
import { ShardState, type Parsed, type Prepared, type RenderedPage, type RenderJob, type ShardOptions, type SourceFile } from './ShardState.ts';

/** Articles per parse request (at most, and at least while that many are left), pages per render request. */
const PARSE_BATCH = 100;
const MIN_PARSE_BATCH = 20;
const RENDER_BATCH = 25;
/** Requests a worker has queued at any time: rendering, parsing. */
const IN_FLIGHT = 2;
const PARSE_IN_FLIGHT = 4;

/**
 * Below this much work (articles to read, or pages to render), a worker costs more than it saves. A worker
 * pays for its own start: a second V8 isolate that compiles and optimizes the same code again, code
 * highlighting's grammars set up again, a second heap to fault in; and on two cores it shares the second
 * core with the main thread's garbage collector and optimizing compiler, which a build on the main thread
 * alone has to itself. The threshold is where interleaved cold builds, --workers 0 against the default,
 * broke even (docs/performance.md, "Shards").
 */
const WORKER_THRESHOLD = 2000;

/**
 * A worker's old-generation limit: about twice what it keeps alive (the route table and every article's
 * metadata, so it grows with the article count). V8 left alone grows each heap far past that, and capped
 * it is no slower. A worker that still runs out is replaced by
 * the main thread for the rest of its share, so the cap costs speed at worst, never the build.
 */
const workerHeapMb = (articles: number): number => Number(process.env.SITE_WORKER_HEAP_MB) || 48 + Math.ceil(articles / 125);

/**
 * The shard worker's CommonJS bundle (`entry`, which serves shardWorker.ts) and the bundle of the site at
 * `siteRoot` it is given: the one this thread was given for that site (bin/site.js), so that every thread
 * of a build renders the same templates even if they change meanwhile; else from its cache or freshly built.
 */
const shardBundles = async (entry: string, siteRoot: string): Promise<ShardBundles> => {
  const root = path.resolve(siteRoot);
  const given = givenSiteBundle();
  const [bundle, site] = await Promise.all([selfBundle(generatorRoot, 'shard', entry, 'cjs'), given?.root === root ? given.file : siteBundle(generatorRoot, root)]);
  return { bundle, site: { root, file: site } };
};

type ShardBundles = { bundle: string; site: SiteBundle };

/** runBundle.cjs, a worker's entry: it runs the bundle named in workerData with V8's code cache, given the site bundle named there. */
const runBundleFile = fileURLToPath(new URL('../runBundle.cjs', import.meta.url));

/** A shard worker running the CommonJS bundles `bundles`, its old generation capped at `heapMb`. */
const shardWorker = (bundles: ShardBundles, heapMb: number): Worker =>
  new Worker(runBundleFile, { workerData: bundles, resourceLimits: { maxOldGenerationSizeMb: heapMb } });

type Progress = (done: number) => void;

interface Lane {
  parse(contentDir: string, collection: string, sources: SourceFile[]): Promise<Parsed>;
  open(job: RenderJob, prepared?: Prepared): Promise<void>;
  render(paths: string[]): Promise<RenderedPage[]>;
  /** How many requests to keep queued in this lane: while rendering, while parsing. */
  readonly depth: number;
  readonly parseDepth: number;
  /** Nothing more to parse: a worker renders its articles' markdown while it waits for the job. */
  parsed(): void;
  /** The build is done: a worker keeps what it learnt for the next one (its table of regular expressions). */
  finish(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The main thread's shard. Each request yields to the event loop first, so the workers' replies (and
 * the next requests for them, and the progress line) go out between two of its batches.
 */
class LocalLane implements Lane {
  readonly depth = 1;
  readonly parseDepth = 1;
  private state: ShardState;
  constructor(site: AnySite, render: RenderMarkdown, features: ShardFeatures, options?: ShardOptions) {
    this.state = new ShardState(site, render, features, options);
  }
  async parse(contentDir: string, collection: string, sources: SourceFile[]) {
    await new Promise(setImmediate);
    return this.state.parse(contentDir, collection, sources);
  }
  /** This thread has no time to wait: it builds the route table while the workers render ahead. */
  parsed() {}
  async open(job: RenderJob, prepared?: Prepared) {
    this.state.open(job, prepared);
  }
  async render(paths: string[]) {
    await new Promise(setImmediate);
    return this.state.renderBatch(paths);
  }
  /** This thread's table is the caller's to write, after the build (cli.ts). */
  async finish() {}
  async close() {}
}

class WorkerLane implements Lane {
  readonly depth = IN_FLIGHT;
  readonly parseDepth = PARSE_IN_FLIGHT;
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  /** Why the worker stopped: later requests fail with it at once (a message to a dead worker is never answered). */
  private dead?: Error;

  /** `worker` runs shardWorker.ts; the lane listens to it from now on. */
  constructor(private worker: Worker) {
    this.worker.on('message', (reply: ShardReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.result as never);
      else p.reject(errorFromData(reply.error));
    });
    const fail = (e: Error) => {
      this.dead ??= e;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`build worker exited (${code})`)));
  }

  private call<T>(req: ShardRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never): Promise<T> {
    const id = this.nextId++;
    if (this.dead) return Promise.reject(this.dead);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: never) => void, reject });
      this.worker.postMessage({ ...req, id } as ShardRequest);
    });
  }

  parse(contentDir: string, collection: string, sources: SourceFile[]) {
    return this.call<Parsed>({ type: 'parse', contentDir, collection, sources });
  }
  private aheadSent = false;
  parsed() {
    // Once: it comes after the lane's last parse request, so the worker starts when that one is done.
    if (!this.aheadSent) void this.call<null>({ type: 'ahead' }).catch(() => {});
    this.aheadSent = true;
  }
  open(job: RenderJob) {
    return this.call<void>({ type: 'open', job });
  }
  render(paths: string[]) {
    return this.call<RenderedPage[]>({ type: 'render', paths });
  }
  /** Waits for the worker to write its table (a worker that has stopped writes nothing). */
  async finish() {
    await this.call<null>({ type: 'finish' }).catch(() => {});
  }
  /**
   * Stops the worker without waiting for it to end: tearing down its heap would hold up the end of a
   * big build, and nothing needs it gone (unreferenced, it keeps no process alive).
   */
  async close() {
    this.worker.removeAllListeners('exit');
    this.worker.unref();
    this.worker.terminate().catch(() => {});
  }
}

const outOfMemory = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

export class ShardPool {
  private local: LocalLane;
  private lanes: Lane[];

  /**
   * `root`: the site's folder (a worker runs the generator's bundle given that site's own); `render`: its
   * markdown renderer; `wiring.features`: the build's page analysers, which every job runs; `wiring.entry`:
   * the worker bundle's entry (relative to the generator's folder), which gives its shard the same ones;
   * `wiring.local`: how this thread's shard holds the articles it reads (ShardState.ts).
   */
  constructor(
    site: AnySite,
    render: RenderMarkdown,
    private readonly root: string,
    private readonly log: (line: string) => void,
    private readonly wiring: { features: ShardFeatures; entry: string; local?: ShardOptions },
  ) {
    this.local = new LocalLane(site, render, wiring.features, wiring.local);
    this.lanes = [this.local];
  }

  private workers = 0;
  /** Which lane holds an article's body (blog/x.md -> lane). */
  private owner = new Map<string, Lane>();

  /** How many worker threads (besides this one) a job of this size should use. */
  static workersFor(work: number, forced?: number): number {
    if (layerOff('workers')) return 0;
    if (forced !== undefined) return forced;
    return work >= WORKER_THRESHOLD ? Math.min(availableParallelism(), 8) - 1 : 0;
  }

  get workerCount(): number {
    return this.workers;
  }

  /** Adds `n` worker threads beside this one for a site of `articles` (once; later calls wait for the first). */
  useWorkers(n: number, articles: number): Promise<void> {
    if (n <= 0) return this.starting ?? Promise.resolve();
    this.starting ??= (async () => {
      this.workers = n;
      const heapMb = workerHeapMb(articles);
      const bundles = await shardBundles(this.wiring.entry, this.root);
      for (let i = 0; i < n; i++) this.lanes.push(new WorkerLane(shardWorker(bundles, heapMb)));
    })();
    return this.starting;
  }

  /** A worker that ran out of memory leaves the pool; this thread takes over its work. */
  private retire(lane: Lane): void {
    if (this.lanes.includes(lane)) this.log('Note: a build worker ran out of memory; the main thread takes over its share (slower, same output).');
    this.lanes = this.lanes.filter((l) => l !== lane);
    void lane.close();
  }
  private starting?: Promise<void>;

  /**
   * Runs `run` on every lane, each taking items from `next` (`depth` at a time) until there are none
   * left. A worker that runs out of memory leaves the pool and gives its unfinished items back; the main
   * thread takes over whatever is left at the end. Any other failure stops every lane; once they have
   * stopped, the failure of the earliest item taken is thrown, so two broken articles give the same
   * error on every build, whichever thread got to its own first.
   */
  private async share<T>(
    next: (lane: Lane) => T | undefined,
    giveBack: (item: T) => void,
    run: (lane: Lane, item: T) => Promise<void>,
    open?: (lane: Lane) => Promise<void>,
    depthOf: (lane: Lane) => number = (lane) => lane.depth,
  ): Promise<void> {
    let taken = 0;
    const fatal: { at: number; error: unknown }[] = [];
    const drive = async (lane: Lane, first: boolean) => {
      let failure: { at: number; error: unknown } | undefined;
      // A worker answers in order: its first batches go out right behind the open request, and if the
      // open fails, its error (answered first) is the one reported.
      const opening = first && open ? open(lane).catch((error: unknown) => void (failure ??= { at: -1, error })) : undefined;
      const loop = async () => {
        while (!fatal.length && !failure) {
          const item = next(lane);
          if (item === undefined) return;
          const at = taken++;
          try {
            await run(lane, item);
          } catch (error) {
            giveBack(item);
            failure ??= { at, error };
          }
        }
      };
      await Promise.all([opening, ...Array.from({ length: depthOf(lane) }, loop)]);
      if (!failure) return;
      if (outOfMemory(failure.error) && lane !== this.local) this.retire(lane);
      else fatal.push(failure);
    };
    await Promise.all(this.lanes.map((lane) => drive(lane, true)));
    if (!fatal.length) await drive(this.local, false);
    if (fatal.length) throw fatal.reduce((a, b) => (b.at < a.at ? b : a)).error;
  }

  /** Front matter of `sources` of the list collection `collection`; those without their text are read (and stamped) by the shards. */
  async parse(contentDir: string, collection: string, sources: SourceFile[], progress: Progress): Promise<Parsed> {
    // Taken from the front; a batch given back (its worker ran out of memory) goes first again.
    let next = 0;
    const returned: SourceFile[][] = [];
    const queued = this.lanes.reduce((n, lane) => n + lane.parseDepth, 0);
    const take = (): SourceFile[] | undefined => {
      if (returned.length) return returned.pop();
      const left = sources.length - next;
      if (left <= 0) return undefined;
      // Every queued request a few times over: the last ones are small, and all threads finish together.
      const size = Math.min(left, Math.max(MIN_PARSE_BATCH, Math.min(PARSE_BATCH, Math.ceil(left / (2 * queued)))));
      return sources.slice(next, (next += size));
    };
    const all: Parsed = { metas: [], stamps: {} };
    await this.share(
      (lane) => {
        const part = take();
        if (!part) lane.parsed();
        return part;
      },
      (part) => returned.push(part),
      async (lane, part) => {
        const { metas, stamps } = await lane.parse(contentDir, collection, part);
        for (const m of metas) this.owner.set(m.file, lane);
        all.metas.push(...metas);
        Object.assign(all.stamps, stamps);
        progress(all.metas.length);
      },
      undefined,
      (lane) => lane.parseDepth,
    );
    return all;
  }

  /**
   * Renders `routes`: an article's page first in the queue of the shard that holds its markdown, the
   * other pages at the front of a worker's queue (the blog index alone takes a while: the main thread
   * must stay free to feed the workers). A shard whose queue is empty takes from the back of the longest.
   * `progress` sees each batch as it arrives, with the number of pages done so far.
   */
  async render<P extends RenderedPage = RenderedPage>(job: RenderJob, routes: Route[], progress: (batch: P[], done: number) => void, prepared?: Prepared): Promise<P[]> {
    // Every page gets the build's analyses (the pages come back as P).
    job = { ...job, analysers: [...this.wiring.features.names] };
    const queues = new Map<Lane, string[]>(this.lanes.map((l) => [l, []]));
    const mine = queues.get(this.local)!;
    const lastWorker = queues.get(this.lanes.at(-1)!)!; // this thread's own queue when there is no worker
    const free: string[] = [];
    for (const r of routes) {
      const owner = r.entry ? this.owner.get(r.entry.file) : undefined;
      if (owner && queues.has(owner)) queues.get(owner)!.push(r.path);
      else free.push(r.path);
    }
    lastWorker.unshift(...free);
    const rendered: P[] = [];
    await this.share(
      (lane) => {
        const own = queues.get(lane)!;
        if (own.length) return own.splice(0, RENDER_BATCH);
        const longest = [...queues.values()].reduce((a, b) => (b.length > a.length ? b : a));
        return longest.length ? longest.splice(-RENDER_BATCH) : undefined;
      },
      (paths) => mine.push(...paths),
      async (lane, paths) => {
        const batch = (await lane.render(paths)) as P[];
        rendered.push(...batch);
        progress(batch, rendered.length);
      },
      (lane) => lane.open(job, lane === this.local ? prepared : undefined),
    );
    return rendered;
  }

  /**
   * Stops the workers, each once it has written what it learnt for the next build: one after another, so
   * that each merges with what the one before wrote.
   */
  async close(): Promise<void> {
    const lanes = this.lanes;
    // Once: a pool closed when its pages are done is closed again, with nothing left, when the build ends.
    this.lanes = [this.local];
    for (const lane of lanes) await lane.finish();
    await Promise.all(lanes.map((l) => l.close()));
  }
}
