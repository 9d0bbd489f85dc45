/**
 * Worker threads that draw a build's social cards (cardWorker.cjs), one per core: each loads satori,
 * sharp and the site's fonts once and draws every card it is sent, so the cards' layout no longer
 * shares the main thread with the build's own work. Each worker has two cards in flight, so that it has
 * the next one as soon as it is done with one (and librsvg's rasterizing, on libuv's thread pool when a
 * card needs it, overlaps the next card's layout). Results come back with the thread that drew them.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { satoriElement, type CardNode } from './cardTree.ts';
import type { LoadedFont } from './socialFonts.ts';

/** cardWorker.cjs runs as it is (no bundle): it needs only satori, sharp and paintCard.cjs with the files beside it. */
const workerFile = fileURLToPath(new URL('./cardWorker.cjs', import.meta.url));

/** Cards a worker has in flight. */
export const CARDS_IN_FLIGHT = 2;

/** Cards below which one more worker costs more (its own satori, sharp and fonts) than it saves. */
const CARDS_PER_WORKER = 8;

export interface DrawnCard {
  png: Buffer;
  /** The worker thread (its threadId) that drew it. */
  by: number;
}

type Reply = { id: number; png: Uint8Array; by: number } | { id: number; error: { message: string; stack: string } };

/** One worker and the cards it was sent. */
class CardWorker {
  private nextId = 1;
  private pending = new Map<number, { resolve: (card: DrawnCard) => void; reject: (e: Error) => void }>();
  private dead?: Error;
  private worker: Worker;

  constructor(fonts: readonly LoadedFont[]) {
    this.worker = new Worker(workerFile, { workerData: { fonts: fonts.map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style })) } });
    this.worker.on('message', (reply: Reply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if ('error' in reply) p.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
      else p.resolve({ png: Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength), by: reply.by });
    });
    const fail = (e: Error) => {
      this.dead ??= e;
      for (const p of this.pending.values()) p.reject(e);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`social card worker exited (${code})`)));
  }

  draw(tree: CardNode): Promise<DrawnCard> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, element: satoriElement(tree) });
    });
  }

  close(): void {
    this.worker.removeAllListeners('exit');
    this.worker.unref();
    this.worker.terminate().catch(() => {});
  }
}

export class CardPool {
  private readonly workers: CardWorker[];

  /** `workers` threads (at least one). */
  constructor(fonts: readonly LoadedFont[], workers: number) {
    this.workers = Array.from({ length: Math.max(1, workers) }, () => new CardWorker(fonts));
  }

  /** How many workers `cards` cards are worth: one per core, fewer for a handful of cards. */
  static workersFor(cards: number): number {
    return Math.max(1, Math.min(availableParallelism(), 8, Math.ceil(cards / CARDS_PER_WORKER)));
  }

  get size(): number {
    return this.workers.length;
  }

  /** Draws `tree` on worker `lane % size`: a lane keeps to one worker, so each has CARDS_IN_FLIGHT lanes. */
  draw(lane: number, tree: CardNode): Promise<DrawnCard> {
    return this.workers[lane % this.workers.length]!.draw(tree);
  }

  /** Stops the workers without waiting for them to end. */
  close(): void {
    for (const w of this.workers) w.close();
  }
}
