/**
 * The main-thread handle on the render worker: request/response over
 * postMessage, and `restart()` for a fresh module graph after a template
 * edit. The worker runs the engine's bundle made by workerBundle.ts, given the site's (workerData.site).
 */
import { Worker } from 'node:worker_threads';
import type { WireError, WorkerData, WorkerRequest, WorkerResponse } from './workerProtocol.ts';

type Pending = { resolve: (r: WorkerResponse) => void; reject: (e: Error) => void };
type Body<T> = T extends unknown ? Omit<T, 'id'> : never;

export class WorkerFailed extends Error {
  constructor(readonly wire: WireError) {
    super(wire.message);
  }
}

export class RenderWorker {
  private worker!: Worker;
  private nextId = 1;
  private pending = new Map<number, Pending>();

  constructor(
    private readonly file: string,
    private data: WorkerData,
  ) {
    this.spawn();
  }

  private spawn(): void {
    this.worker = new Worker(this.file, { workerData: this.data });
    this.worker.on('message', (res: WorkerResponse) => {
      this.pending.get(res.id)?.resolve(res);
      this.pending.delete(res.id);
    });
    const fail = (e: Error) => {
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`render worker exited (${code})`)));
  }

  /** Sends a request; a worker-side error comes back as WorkerFailed. */
  async call(req: Body<WorkerRequest>): Promise<Extract<WorkerResponse, { ok: true }>> {
    const id = this.nextId++;
    const res = await new Promise<WorkerResponse>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...req, id } as WorkerRequest);
    });
    if (!res.ok) throw new WorkerFailed(res.error);
    return res;
  }

  /** A new worker given the site bundle `site` (rebuilt after a template edit, or the same): a fresh module graph. */
  async restart(site: string): Promise<void> {
    this.data = { ...this.data, site: { ...this.data.site, file: site } };
    const old = this.worker;
    old.removeAllListeners('exit');
    this.spawn();
    await old.terminate();
  }

  terminate(): Promise<number> {
    this.worker.removeAllListeners('exit');
    return this.worker.terminate();
  }
}
