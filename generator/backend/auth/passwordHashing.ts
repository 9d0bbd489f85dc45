/**
 * bcrypt on worker threads (passwordWorker.cjs), with bcryptjs's own `hash` and `compare`. On the event
 * loop bcryptjs works in slices of up to 100 ms, and every password in flight takes its slice between
 * two reads of the sockets: twenty sign-ups at once held every other request of the backend for seconds,
 * and requests sent together were read seconds apart (the mail limit judges a request by when it was
 * read: requestArrival.ts). The threads, one per core at most, are the process's, shared by its
 * backends, started as passwords come and never keeping the process alive while idle; a thread that
 * stops fails its passwords in flight, and the next one starts another.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** passwordWorker.cjs runs as it is (no bundle): it needs only bcryptjs. */
const workerFile = fileURLToPath(new URL('./passwordWorker.cjs', import.meta.url));

type Reply = { id: number; value?: string | boolean; error?: string };
type Job = { password: string; cost?: number; hash?: string; resolve: (value: string | boolean) => void; reject: (error: Error) => void };

class Hasher {
  // Plain CommonJS: none of the process's flags (`--input-type` of `node -e` would refuse a file).
  private readonly worker = new Worker(workerFile, { execArgv: [] });
  private readonly jobs = new Map<number, Job>();

  constructor() {
    this.worker.unref();
    this.worker.on('message', ({ id, value, error }: Reply) => {
      const job = this.jobs.get(id);
      this.jobs.delete(id);
      if (this.jobs.size === 0) this.worker.unref();
      if (error !== undefined || value === undefined) job?.reject(new Error(error ?? 'no answer'));
      else job?.resolve(value);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => this.fail(new Error('the password thread stopped')));
  }

  get load(): number {
    return this.jobs.size;
  }

  get alive(): boolean {
    return this.worker.threadId !== -1;
  }

  run(id: number, job: Job): void {
    if (this.jobs.size === 0) this.worker.ref();
    this.jobs.set(id, job);
    this.worker.postMessage({ id, password: job.password, cost: job.cost, hash: job.hash });
  }

  private fail(error: Error): void {
    for (const job of this.jobs.values()) job.reject(error);
    this.jobs.clear();
  }
}

const hashers: Hasher[] = [];
let nextId = 0;

function submit(job: Omit<Job, 'resolve' | 'reject'>): Promise<string | boolean> {
  for (let i = hashers.length - 1; i >= 0; i--) if (!hashers[i]!.alive) hashers.splice(i, 1);
  if (hashers.length < Math.max(1, availableParallelism()) && !hashers.some((h) => h.load === 0)) hashers.push(new Hasher());
  const least = hashers.reduce((a, b) => (b.load < a.load ? b : a));
  return new Promise((resolve, reject) => least.run(nextId++, { ...job, resolve, reject }));
}

/** bcryptjs's hash(password, cost), on a worker thread. */
export const hash = (password: string, cost: number): Promise<string> => submit({ password, cost }) as Promise<string>;

/** bcryptjs's compare(password, hash), on a worker thread. */
export const compare = (password: string, hashed: string): Promise<boolean> => submit({ password, hash: hashed }) as Promise<boolean>;

export default { hash, compare };
