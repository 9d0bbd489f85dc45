/**
 * The worker bin/site.js starts before the CLI loads: the build adopts it when it is big enough for the
 * site, and it never outlives a build that did not want it.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adoptEarlyWorker,
  discardEarlyWorker,
  earlyWorkerWanted,
  startEarlyWorker,
  WORKER_THRESHOLD,
  workerHeapMb,
} from '../../../generator/shards/earlyWorker.mjs';

let tmp: string;
let echo: string;
let broken: string;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-early-'));
  // Shard bundles are CommonJS, run by generator/runBundle.cjs.
  echo = path.join(tmp, 'echo.cjs');
  await writeFile(echo, "const { parentPort } = require('node:worker_threads');\nparentPort.on('message', (m) => parentPort.postMessage(m));\n");
  broken = path.join(tmp, 'broken.cjs');
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

  const early = () => (globalThis as Record<symbol, { worker: Worker } | undefined>)[Symbol.for('site.earlyShardWorker')]!.worker;

  it('is terminated, not adopted, when the site needs a bigger heap', async () => {
    startEarlyWorker(echo);
    const exit = exited(early());
    expect(adoptEarlyWorker(workerHeapMb(100_000))).toBeUndefined();
    expect(typeof (await exit)).toBe('number');
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
    const exit = exited(early());
    discardEarlyWorker();
    expect(typeof (await exit)).toBe('number');
    expect(adoptEarlyWorker(workerHeapMb(10))).toBeUndefined();
  });
});

describe('earlyWorkerWanted', () => {
  /** A project folder with `articles` articles in content/blog, and an article index in the default cache when `warm`. */
  const project = async (name: string, articles: number, warm = false) => {
    const dir = path.join(tmp, name);
    await mkdir(path.join(dir, 'content', 'blog'), { recursive: true });
    await mkdir(path.join(dir, 'other', 'blog'), { recursive: true });
    await Promise.all(Array.from({ length: articles }, (_, i) => writeFile(path.join(dir, 'content', 'blog', `a-${i}.md`), '')));
    await writeFile(path.join(dir, 'content', 'blog', 'notes.txt'), '');
    if (warm) {
      await mkdir(path.join(dir, '.site', 'cache', 'build'), { recursive: true });
      await writeFile(path.join(dir, '.site', 'cache', 'build', 'entries-posts.pack'), '');
    }
    return dir;
  };

  it('wants one for a cold build of hundreds of articles, in the default folders or the given ones', async () => {
    const big = await project('big', WORKER_THRESHOLD);
    expect(earlyWorkerWanted([], big)).toBe(true);
    expect(earlyWorkerWanted(['--out', 'x', '--cache-dir', 'elsewhere'], big)).toBe(true);
    expect(earlyWorkerWanted(['--content=other'], big)).toBe(false);
    expect(earlyWorkerWanted(['--content', 'other', '--workers', '1'], big)).toBe(true);
  });

  it('wants none for a small site, a warm cache, or workers turned off', async () => {
    expect(earlyWorkerWanted([], await project('small', WORKER_THRESHOLD - 1))).toBe(false);
    const warm = await project('warm', WORKER_THRESHOLD, true);
    expect(earlyWorkerWanted([], warm)).toBe(false);
    expect(earlyWorkerWanted(['--no-cache'], warm)).toBe(true);
    expect(earlyWorkerWanted(['--cache-dir=fresh'], warm)).toBe(true);
    expect(earlyWorkerWanted(['--workers', '0'], await project('off', WORKER_THRESHOLD))).toBe(false);
  });
});
