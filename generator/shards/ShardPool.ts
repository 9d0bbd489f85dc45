/**
 * The build's shards: one in the main thread, plus a worker thread for
 * every other core when there are hundreds of articles to parse or pages
 * to render. The main thread takes a share too: it would otherwise sit
 * idle, and every thread costs a copy of the renderer's memory. Articles
 * are split into contiguous shares; a page is rendered by the shard that
 * read its article, so markdown never crosses threads.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { selfBundle } from '../selfBundle.mjs';
import { generatorRoot } from '../cache/sourceKey.ts';
import type { PostMeta } from '../content/load.ts';
import type { Route } from '../routes.ts';
import { errorFromData, type ShardReply, type ShardRequest } from './shardProtocol.ts';
import { ShardState, type Prepared, type RenderedPage, type RenderJob, type SourceFile } from './ShardState.ts';

/** Below this much work (articles to parse + pages to render), starting workers costs more than it saves. */
const WORKER_THRESHOLD = 400;

type Progress = (done: number) => void;

/** Receives rendered pages as a shard finishes each batch. */
type Emit = (pages: RenderedPage[]) => void;

interface Lane {
  parse(sources: SourceFile[]): Promise<PostMeta[]>;
  render(job: RenderJob, emit: Emit, prepared?: Prepared): Promise<void>;
  close(): Promise<void>;
}

/**
 * The main thread's shard. Its work waits one microtask, so the workers get theirs first, and it yields
 * to the event loop every few batches, so the workers' results (and the progress line) keep flowing.
 */
class LocalLane implements Lane {
  private state = new ShardState();
  async parse(sources: SourceFile[]) {
    await null;
    return this.state.parse(sources);
  }
  async render(job: RenderJob, emit: Emit, prepared?: Prepared) {
    await null;
    let n = 0;
    for (const batch of this.state.batches(job, prepared)) {
      emit(batch);
      // Every few batches: often enough for the progress line, rarely enough to cost nothing measurable.
      if (++n % 4 === 0) await new Promise(setImmediate);
    }
  }
  async close() {}
}

class WorkerLane implements Lane {
  private worker: Worker;
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void; emit?: Emit }>();

  constructor(file: string, heapMb: number) {
    this.worker = new Worker(file, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
    this.worker.on('message', (reply: ShardReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      if ('pages' in reply) return p.emit?.(reply.pages);
      this.pending.delete(reply.id);
      if (reply.ok) p.resolve(reply.result as never);
      else p.reject(errorFromData(reply.error));
    });
    const fail = (e: Error) => {
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`build worker exited (${code})`)));
  }

  private call<T>(req: ShardRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never, emit?: Emit): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: never) => void, reject, emit });
      this.worker.postMessage({ ...req, id } as ShardRequest);
    });
  }

  parse(sources: SourceFile[]) {
    return this.call<PostMeta[]>({ type: 'parse', sources });
  }
  async render(job: RenderJob, emit: Emit) {
    await this.call<RenderedPage[]>({ type: 'render', job }, emit);
  }
  async close() {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/** Splits a list into n contiguous shares of (nearly) equal size. */
const shares = <T>(items: T[], n: number): T[][] =>
  Array.from({ length: n }, (_, i) => items.slice(Math.floor((i * items.length) / n), Math.floor(((i + 1) * items.length) / n)));

/**
 * A worker's old-generation limit: about twice what it keeps alive (~10 KB per article: the route table
 * and every article's metadata). V8 left alone grows each heap far past that (a build of 4,000 articles
 * peaked at 450 MB; capped, at under 380 MB and no slower). A worker that still runs out is replaced by
 * the main thread for the rest of its share, so the cap costs speed at worst, never the build.
 */
const workerHeapMb = (articles: number) => Number(process.env.SITE_WORKER_HEAP_MB) || 48 + Math.ceil(articles / 125);

const outOfMemory = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ERR_WORKER_OUT_OF_MEMORY';

export class ShardPool {
  constructor(private readonly log: (line: string) => void = () => {}) {}

  private local = new LocalLane();
  private lanes: Lane[] = [this.local];
  private workers = 0;
  /** Which lane holds an article's body (blog/x.md -> lane). */
  private owner = new Map<string, Lane>();

  /** How many worker threads (besides this one) a job of this size should use. */
  static workersFor(work: number, forced?: number): number {
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
      const file = await selfBundle(generatorRoot, 'shard', 'generator/shards/shardWorker.ts');
      this.lanes.push(...Array.from({ length: n }, () => new WorkerLane(file, workerHeapMb(articles))));
    })();
    return this.starting;
  }

  /** A worker that ran out of memory leaves the pool; this thread takes over its work. */
  private retire(lane: Lane, e: unknown): Lane {
    if (!outOfMemory(e) || lane === this.local) throw e;
    if (this.lanes.includes(lane)) this.log('Note: a build worker ran out of memory; the main thread takes over its share (slower, same output).');
    this.lanes = this.lanes.filter((l) => l !== lane);
    void lane.close();
    return this.local;
  }
  private starting?: Promise<void>;

  async parse(sources: SourceFile[], progress: Progress): Promise<PostMeta[]> {
    let done = 0;
    const parts = shares(sources, this.lanes.length);
    const results = await Promise.all(
      parts.map(async (part, i) => {
        let lane = this.lanes[i]!;
        const metas = await lane.parse(part).catch((e: unknown) => (lane = this.retire(lane, e)).parse(part));
        for (const m of metas) this.owner.set(m.file, lane);
        progress((done += part.length));
        return metas;
      }),
    );
    return results.flat();
  }

  /** Renders `routes`: articles in the shard that holds their body, the rest spread evenly. */
  async render(job: Omit<RenderJob, 'paths'>, routes: Route[], progress: Progress, prepared?: Prepared): Promise<RenderedPage[]> {
    const paths = new Map<Lane, string[]>(this.lanes.map((l) => [l, []]));
    const free: Route[] = [];
    for (const r of routes) {
      const lane = r.post && this.owner.get(r.post.file);
      if (lane && paths.has(lane)) paths.get(lane)!.push(r.path);
      else free.push(r);
    }
    // The unowned pages go to the least loaded lanes.
    for (const r of free) [...paths.values()].reduce((a, b) => (b.length < a.length ? b : a)).push(r.path);
    const rendered: RenderedPage[] = [];
    const emit: Emit = (pages) => {
      rendered.push(...pages);
      progress(rendered.length);
    };
    await Promise.all(
      [...paths].map(async ([lane, list]) => {
        if (!list.length) return;
        const done = new Set<string>();
        const track: Emit = (pages) => {
          for (const p of pages) done.add(p.path);
          emit(pages);
        };
        await lane.render({ ...job, paths: list }, track, prepared).catch((e: unknown) =>
          this.retire(lane, e).render({ ...job, paths: list.filter((p) => !done.has(p)) }, emit, prepared),
        );
      }),
    );
    return rendered;
  }

  async close(): Promise<void> {
    await Promise.all(this.lanes.map((l) => l.close()));
  }
}
