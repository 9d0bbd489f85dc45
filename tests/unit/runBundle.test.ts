/**
 * runBundle.cjs: a CommonJS bundle runs as its thread's main module, with V8's code cache beside it:
 * made when missing (at exit, or in a worker when the bundle calls saveCodeCache), reused while it fits,
 * made again when V8 rejects it (corrupt, or from another V8), one per kind of run when told the kind;
 * a bundle given modules gets them from its require(); bundleFolder() names the folder of the site bundle a
 * thread was given, else of the bundle it runs.
 */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const runBundleFile = path.resolve('generator/runBundle.cjs');
const { runBundle } = createRequire(import.meta.url)(runBundleFile) as typeof import('../../generator/runBundle.cjs');

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-runbundle-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function bundle(name: string, code: string): Promise<string> {
  const file = path.join(tmp, name);
  await writeFile(file, code);
  return file;
}

/** Runs `file` through runBundle in a fresh process (cache taken at exit); prints what the bundle prints. */
const runInProcess = (file: string) =>
  execFileSync(process.execPath, ['-e', `require(${JSON.stringify(runBundleFile)}).runBundle(${JSON.stringify(file)})`], { encoding: 'utf8' });

describe('runBundle', () => {
  it('runs a CommonJS bundle with its own require, module and file names, and returns its exports', async () => {
    await writeFile(path.join(tmp, 'helper.cjs'), 'module.exports = 41;');
    const file = await bundle('exports.cjs', "exports.answer = require('./helper.cjs') + 1; exports.where = [__filename, __dirname];");
    expect(runBundle(file, 'now')).toEqual({ answer: 42, where: [file, tmp] });
  });

  it('makes the code cache at exit when there is none, and keeps it while it fits', async () => {
    const file = await bundle('cli.cjs', "function greet(n) { return 'hello ' + n; } process.stdout.write(greet('site'));");
    const cache = `${file}.v8`;
    expect(runInProcess(file)).toBe('hello site');
    const first = await stat(cache);
    expect(first.size).toBeGreaterThan(0);
    expect(runInProcess(file)).toBe('hello site');
    // Accepted: not written again.
    expect((await stat(cache)).mtimeMs).toBe(first.mtimeMs);
  });

  it('keeps a code cache for each kind of run it is told, made by the first run of that kind', async () => {
    const file = await bundle('kinds.cjs', "process.stdout.write(process.argv[1]);");
    const runAs = (kind: string) =>
      execFileSync(process.execPath, ['-e', `require(${JSON.stringify(runBundleFile)}).runBundle(${JSON.stringify(file)}, 'exit', { cacheFor: process.argv[1] })`, kind], { encoding: 'utf8' });
    expect(runAs('build')).toBe('build');
    const build = await stat(`${file}.build.v8`);
    expect(runAs('other')).toBe('other');
    expect((await stat(`${file}.other.v8`)).size).toBeGreaterThan(0);
    expect(runAs('build')).toBe('build');
    expect((await stat(`${file}.build.v8`)).mtimeMs).toBe(build.mtimeMs);
    await expect(stat(`${file}.v8`)).rejects.toThrow();
  });

  it('hands a bundle the modules it is given, by the name its require() asks for, and loads the rest', async () => {
    await writeFile(path.join(tmp, 'own.cjs'), 'module.exports = "its own";');
    const file = await bundle('given.cjs', "exports.react = require('react'); exports.own = require('./own.cjs');");
    const react = { createElement: () => null };
    const ran = runBundle(file, 'now', { provided: { react } }) as { react: unknown; own: string };
    expect(ran.react).toBe(react);
    expect(ran.own).toBe('its own');
  });

  it('makes the code cache again when V8 rejects it, and still runs the bundle', async () => {
    const file = await bundle('corrupt.cjs', "process.stdout.write('still runs');");
    await writeFile(`${file}.v8`, 'not a code cache');
    expect(runInProcess(file)).toBe('still runs');
    expect((await readFile(`${file}.v8`)).toString()).not.toBe('not a code cache');
  });

  it('is a worker thread entry: runs workerData.bundle, whose cache is made when the bundle says its hot code has run', async () => {
    const file = await bundle(
      'worker.cjs',
      `const { parentPort } = require('node:worker_threads');
       const { saveCodeCache } = require(${JSON.stringify(runBundleFile)});
       parentPort.on('message', (m) => {
         if (m === 'hot') saveCodeCache();
         parentPort.postMessage(m === 'hot' ? 'saved' : m * 2);
       });`,
    );
    const worker = new Worker(runBundleFile, { workerData: { bundle: file } });
    const ask = (m: unknown) =>
      new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage(m);
      });
    try {
      expect(await ask(21)).toBe(42);
      await expect(stat(`${file}.v8`)).rejects.toThrow();
      expect(await ask('hot')).toBe('saved');
      expect((await stat(`${file}.v8`)).size).toBeGreaterThan(0);
    } finally {
      await worker.terminate();
    }
  });

  it("tells a thread the folder of the bundle it runs (its own copy of runBundle.cjs too), and null outside one", async () => {
    // A bundle holds a copy of runBundle.cjs (shardWorker.ts imports it): a module of its own, which knows it all the same.
    const copy = path.join(tmp, 'copy');
    await mkdir(path.join(copy, 'core'), { recursive: true });
    for (const f of ['runBundle.cjs', 'core/speedLayers.cjs']) await copyFile(path.join('generator', f), path.join(copy, f));
    const file = await bundle('folder.cjs', "process.stdout.write(JSON.stringify(require('./copy/runBundle.cjs').bundleFolder()));");
    expect(JSON.parse(runInProcess(file))).toBe(tmp);
    const outside = execFileSync(process.execPath, ['-e', `process.stdout.write(JSON.stringify(require(${JSON.stringify(runBundleFile)}).bundleFolder()))`], { encoding: 'utf8' });
    expect(JSON.parse(outside)).toBeNull();
    // Given a site's bundle, the thread names that one's folder: the site's .site/cache, where its tables travel with it.
    const siteCache = path.join(tmp, 'site', '.site', 'cache');
    const given = await bundle(
      'given-site.cjs',
      `const b = require('./copy/runBundle.cjs'); b.useSiteBundle({ root: ${JSON.stringify(path.join(tmp, 'site'))}, file: ${JSON.stringify(path.join(siteCache, 'site.0123456789.cjs'))} }); process.stdout.write(JSON.stringify(b.bundleFolder()));`,
    );
    expect(JSON.parse(runInProcess(given))).toBe(siteCache);
  });

  it('saveCodeCache does nothing outside a bundle that waits for it', () => {
    const { saveCodeCache } = createRequire(import.meta.url)(runBundleFile) as { saveCodeCache: () => void };
    expect(() => saveCodeCache()).not.toThrow();
  });
});
