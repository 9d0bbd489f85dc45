/**
 * What the bench's modes share: a timed `site build` in a child process, the machine checks, medians,
 * the bench corpus and the command line's options. A measurement, not a test: a build that fails
 * ends the bench with its output.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cp } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { generateArticles } from './generateArticles.ts';
import { watchTree } from './processTree.ts';

export interface Run {
  ms: number;
  pages: number;
  /** Peak RSS of the build's process tree (Node, its worker threads, and esbuild when it runs). */
  rssMb: number;
  /** Absent for the reference generators, which have no cache. */
  rendered?: number;
  cached?: number;
  /** The build found nothing changed ("Up to date"). */
  upToDate?: boolean;
  /** Social images made and taken from the cache (absent with --no-social-images). */
  images?: { made: number; cached: number };
}

export type Measured = Run & { range: string; runs: number };

/** `--name value` as a number, else `def`. */
export const numberArg = (name: string, def: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

/** `--name a,b,c` as a list, else `def`. */
export const listArg = (name: string, def: string[]): string[] => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1]!.split(',').map((s) => s.trim()).filter(Boolean) : def;
};

/**
 * `site build` of the site in `root` with `args`, timed as a separate process. Each run starts with the
 * disk's write-back queue empty (`sync`, untimed): otherwise the kernel writes the previous run's output
 * back to disk while the next run builds, and every third run or so measures the flush instead of the
 * build. Peak RSS: the Node process's own (reportRss.mjs) plus those of the processes it starts.
 */
export function siteBuild(root: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  spawnSync('sync');
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', path.join(root, 'scripts', 'reportRss.mjs'), path.join(root, 'bin', 'site.js'), 'build', ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, SITE_SUPABASE_URL: '', SITE_SUPABASE_ANON_KEY: '', ...env },
    });
    const tree = child.pid ? watchTree(child.pid) : undefined;
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d));
    child.stderr.on('data', (d: Buffer) => (output += d));
    child.on('close', (code) => {
      const ms = performance.now() - started;
      const peak = tree?.stop();
      if (code !== 0) return reject(new Error(`site build exited ${code}:\n${output}`));
      const built = /Built (\d+) pages .*\((\d+) rendered, (\d+) from cache/.exec(output);
      // Nothing changed since the last build (generator/stages/buildRecord.ts): every page is the one in place.
      const same = /^Up to date: (\d+) pages/m.exec(output);
      const images = /^Social images: \d+ \((\d+) made, (\d+) from cache\)/m.exec(output);
      const ownKb = Math.max(Number(/SITE_PEAK_RSS_KB=(\d+)/.exec(output)?.[1] ?? 0), peak?.rootKb ?? 0);
      resolve({
        ms,
        pages: Number(built?.[1] ?? same?.[1] ?? 0),
        rendered: Number(built?.[2] ?? 0),
        cached: Number(built?.[3] ?? same?.[1] ?? 0),
        upToDate: !!same,
        rssMb: (ownKb + (peak?.childrenKb ?? 0)) / 1024,
        ...(images ? { images: { made: Number(images[1]), cached: Number(images[2]) } } : {}),
      });
    });
  });
}

/**
 * How fast this machine's CPU is right now: a fixed loop, best of 3. A shared VM's vCPU speed moves with
 * its host's load (and every build figure moves with it: docs/performance.md), so the table says which kind of moment it was measured in.
 */
export function cpuCheckMs(): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    let s = 0;
    for (let i = 0; i < 1e8; i++) s += i % 7;
    if (s < 0) throw new Error('unreachable');
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/**
 * How dear fresh memory is on this machine right now: the time to fault in 64 MB the process never
 * touched, best of 3. A build touches hundreds of megabytes, and on a VM
 * this cost moves builds while the CPU check stays put (docs/performance.md).
 */
export function memoryCheckMs(): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const t = performance.now();
    const block = Buffer.allocUnsafeSlow(64 * 1024 * 1024);
    for (let i = 0; i < block.length; i += 4096) block[i] = 1;
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/** Work for the two-thread check, as a worker's code: it posts how long it took (ms). */
const CHECK_WORK = {
  // Objects and strings made and dropped, as rendering pages makes them: the garbage collector has work.
  allocating: `let keep = [];
    for (let r = 0; r < 25; r++) {
      const a = [];
      for (let i = 0; i < 100000; i++) a.push({ a: 'x' + i, b: [i, i + 1], c: '<p class="k">' + i + '</p>' });
      keep.push(a.map((o) => o.c).join('').length);
      if (keep.length > 5) keep = [];
    }`,
  // Arithmetic alone: nothing for the collector, nothing shared.
  plain: `let s = 0; for (let i = 0; i < 3e8; i++) s += i % 7; if (s < 0) throw 0;`,
};

/** The wall time of `n` worker threads each running `code` at once. */
function timeThreads(code: string, n: number): Promise<number> {
  const source = `const t = performance.now(); ${code}; require('node:worker_threads').parentPort.postMessage(0);`;
  const started = performance.now();
  return Promise.all(
    Array.from({ length: n }, () => new Promise<void>((resolve, reject) => {
      const w = new Worker(source, { eval: true });
      w.once('message', () => void w.terminate().then(() => resolve()));
      w.once('error', reject);
    })),
  ).then(() => performance.now() - started);
}

/**
 * How much a second thread is worth on this machine right now: the work of two threads at once against
 * one, for work that allocates (as a build does) and for a plain loop, best of 2 each. On a 2-core VM the
 * plain loop came to about 2.0 and the allocating one to about 1.2: a lone V8 thread already uses the
 * other core for its garbage collector's helper threads, and two busy threads share them.
 */
export async function twoThreadCheck(): Promise<{ allocating: number; plain: number }> {
  const ratio = async (code: string) => {
    let best = 0;
    for (let run = 0; run < 2; run++) best = Math.max(best, (2 * (await timeThreads(code, 1))) / (await timeThreads(code, 2)));
    return best;
  };
  return { allocating: await ratio(CHECK_WORK.allocating), plain: await ratio(CHECK_WORK.plain) };
}

/** The two-thread check, for a table's heading. */
export const twoThreadLine = ({ allocating, plain }: { allocating: number; plain: number }): string =>
  `two-thread check: two threads at once do ${allocating.toFixed(2)}× the work of one when they allocate objects and strings, ${plain.toFixed(2)}× in a plain loop`;

/** The median run (by wall time), with the fastest and slowest wall times (a shared VM's runs spread widely). */
export function medianOf(all: Run[]): Measured {
  const sorted = [...all].sort((a, b) => a.ms - b.ms);
  const s = (r: Run) => (r.ms / 1000).toFixed(2);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...mid, runs: all.length, range: sorted.length > 1 ? ` (${s(sorted[0]!)}–${s(sorted.at(-1)!)})` : '' };
}

export const seconds = (r: Run): string => `${(r.ms / 1000).toFixed(2)} s`;
export const thousands = (n: number): string => n.toLocaleString('en-US');

/** The real site's content copied into `dir`/content, with `count` generated articles in its blog. */
export async function benchContent(root: string, dir: string, count: number): Promise<string> {
  const content = path.join(dir, 'content');
  await cp(path.join(root, 'content'), content, { recursive: true });
  await generateArticles(content, count);
  return content;
}

/** The machine at this moment, for a table's heading. */
export const machineLine = (cpuBefore: number, memBefore: number): string =>
  `CPU check ${Math.round(cpuBefore)} ms before, ${Math.round(cpuCheckMs())} ms after (a fixed loop: lower is a faster moment); memory check ${Math.round(memBefore)} ms before, ${Math.round(memoryCheckMs())} ms after (64 MB of fresh memory)`;
