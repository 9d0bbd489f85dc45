/**
 * The build's shards: one in the main thread for small jobs, or one worker
 * thread per core when there are hundreds of articles to parse or pages to
 * render. Articles are split into contiguous shares; a page is rendered by
 * the shard that parsed its article, so bodies never cross threads.
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
export const WORKER_THRESHOLD = 400;

type Progress = (done: number) => void;

interface Lane {
  parse(sources: SourceFile[]): Promise<PostMeta[]>;
  render(job: RenderJob, progress: Progress, prepared?: Prepared): Promise<RenderedPage[]>;
  close(): Promise<void>;
}

class LocalLane implements Lane {
  private state = new ShardState();
  async parse(sources: SourceFile[]) {
    return this.state.parse(sources);
  }
  async render(job: RenderJob, progress: Progress, prepared?: Prepared) {
    return this.state.render(job, progress, prepared);
  }
  async close() {}
}

class WorkerLane implements Lane {
  private worker: Worker;
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void; progress?: Progress }>();

  constructor(file: string) {
    this.worker = new Worker(file);
    this.worker.on('message', (reply: ShardReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      if ('progress' in reply) return p.progress?.(reply.progress);
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

  private call<T>(req: ShardRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never, progress?: Progress): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: never) => void, reject, progress });
      this.worker.postMessage({ ...req, id } as ShardRequest);
    });
  }

  parse(sources: SourceFile[]) {
    return this.call<PostMeta[]>({ type: 'parse', sources });
  }
  render(job: RenderJob, progress: Progress) {
    return this.call<RenderedPage[]>({ type: 'render', job }, progress);
  }
  async close() {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/** Splits a list into n contiguous shares of (nearly) equal size. */
const shares = <T>(items: T[], n: number): T[][] =>
  Array.from({ length: n }, (_, i) => items.slice(Math.floor((i * items.length) / n), Math.floor(((i + 1) * items.length) / n)));

export class ShardPool {
  private lanes: Lane[] = [new LocalLane()];
  private workers = 0;
  /** Which lane holds an article's body (blog/x.md -> lane). */
  private owner = new Map<string, Lane>();

  /** How many worker threads a job of this size should use (0: stay in this thread). */
  static workersFor(work: number, forced?: number): number {
    if (forced !== undefined) return forced;
    return work >= WORKER_THRESHOLD ? Math.min(availableParallelism(), 8) : 0;
  }

  get workerCount(): number {
    return this.workers;
  }

  /** Moves the work to `n` worker threads (no-op when already there, or n is 0). */
  async useWorkers(n: number): Promise<void> {
    if (n <= 0 || this.workers) return;
    const file = await selfBundle(generatorRoot, 'shard', 'generator/shards/shardWorker.ts');
    await this.close();
    this.lanes = Array.from({ length: n }, () => new WorkerLane(file));
    this.workers = n;
  }

  async parse(sources: SourceFile[], progress: Progress): Promise<PostMeta[]> {
    let done = 0;
    const parts = shares(sources, this.lanes.length);
    const results = await Promise.all(
      parts.map(async (part, i) => {
        const lane = this.lanes[i]!;
        const metas = await lane.parse(part);
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
    const done = new Map<Lane, number>();
    const results = await Promise.all(
      [...paths].map(([lane, list]) =>
        list.length
          ? lane.render(
              { ...job, paths: list },
              (n) => {
                done.set(lane, n);
                progress([...done.values()].reduce((a, b) => a + b, 0));
              },
              prepared,
            )
          : Promise.resolve([]),
      ),
    );
    return results.flat();
  }

  async close(): Promise<void> {
    await Promise.all(this.lanes.map((l) => l.close()));
  }
}
