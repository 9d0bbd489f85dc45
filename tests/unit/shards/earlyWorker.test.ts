/**
 * The worker bin/site.js starts before the CLI loads: the build adopts it when it is big enough for the
 * site, and it never outlives a build that did not want it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adoptEarlyWorker, discardEarlyWorker, startEarlyWorker, workerHeapMb } from '../../../generator/shards/earlyWorker.mjs';

let tmp: string;
let echo: string;
let broken: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-early-'));
  echo = path.join(tmp, 'echo.mjs');
  await writeFile(echo, "import { parentPort } from 'node:worker_threads';\nparentPort.on('message', (m) => parentPort.postMessage(m));\n");
  broken = path.join(tmp, 'broken.mjs');
  await writeFile(broken, "throw new Error('does not boot');\n");
});
afterAll(() => rm(tmp, { recursive: true, force: true }));
afterEach(() => discardEarlyWorker());

const exited = (w: Worker) => new Promise<number>((resolve) => w.once('exit', resolve));
const reply = (w: Worker, message: unknown) =>
  new Promise<unknown>((resolve) => {
    w.once('message', resolve);
    w.postMessage(message);
  });

describe('earlyWorker', () => {
  it('is adopted by a site it is big enough for, and answers what was sent before it booted', async () => {
    startEarlyWorker(echo);
    const worker = adoptEarlyWorker(workerHeapMb(4000))!;
    expect(worker).toBeDefined();
    expect(await reply(worker, { hello: 1 })).toEqual({ hello: 1 });
    // Adopted once: a second build in the same process starts its own.
    expect(adoptEarlyWorker(workerHeapMb(10))).toBeUndefined();
    await worker.terminate();
  });

  it('is terminated, not adopted, when the site needs a bigger heap', async () => {
    startEarlyWorker(echo);
    expect(adoptEarlyWorker(workerHeapMb(100_000))).toBeUndefined();
    expect(adoptEarlyWorker(workerHeapMb(10))).toBeUndefined();
  });

  it('is not adopted once it has stopped (a bundle that throws on load)', async () => {
    startEarlyWorker(broken);
    // Its failure goes nowhere while nobody owns it: no uncaught error in this process.
    await new Promise((r) => setTimeout(r, 500));
    expect(adoptEarlyWorker(workerHeapMb(10))).toBeUndefined();
  });

  it('is terminated by discardEarlyWorker when the build wanted no worker', async () => {
    startEarlyWorker(echo);
    const record = (globalThis as Record<symbol, { worker: Worker } | undefined>)[Symbol.for('site.earlyShardWorker')]!;
    const exit = exited(record.worker);
    discardEarlyWorker();
    expect(typeof (await exit)).toBe('number');
    expect(adoptEarlyWorker(workerHeapMb(10))).toBeUndefined();
  });
});
