/**
 * Each way the differential test builds a case's site, as the output it writes (differentialSuite.ts
 * compares each with the cold build). The CLI runs as a user runs it, in the site's folder; the
 * programmatic build() runs in this process.
 */
import { cp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../../generator/build.ts';
import type { SiteOptions } from '../../../generator/config.ts';
import { readOutput, type CaseSite } from './caseSite.ts';
import { threadsOf } from './casePlugins.ts';
import { applyChanges, describeChange } from './changes.ts';
import type { Output } from './compareOutputs.ts';
import { devOutput, type DevOutput } from './devOutput.ts';
import type { Case } from './planCase.ts';

export interface CaseRun {
  c: Case;
  s: CaseSite;
}

const flags = ({ c }: CaseRun, drafts = c.flags.drafts, future = c.flags.future) => [...(drafts ? ['--drafts'] : []), ...(future ? ['--future'] : [])];

/** The programmatic build's options: an output and a cache folder of this path's own. */
const options = ({ c, s }: CaseRun, name: string): SiteOptions => ({
  root: s.root,
  out: s.at(name),
  cacheDir: s.at(`${name}-cache`),
  drafts: c.flags.drafts,
  future: c.flags.future,
  backend: null,
  progress: false,
  log: () => {},
});

/**
 * One cold build on one thread (`site build --no-cache --workers 0`). By default into the site's own dist/
 * and .site/cache/build, as a user's first build: the copied folder and the edits start from that cache.
 */
export async function coldBuild(run: CaseRun, into?: string, flagsOf = flags(run)): Promise<Output> {
  await run.s.site(['build', '--no-cache', '--workers', '0', ...flagsOf, ...(into ? ['--out', run.s.at(into), '--cache-dir', run.s.at(`${into}-cache`)] : [])]);
  return readOutput(into ? run.s.at(into) : path.join(run.s.root, 'dist'));
}

/** The programmatic build in memory (write: false: on this thread). */
export async function inMemory(run: CaseRun): Promise<Output> {
  const built = await build({ ...options(run, 'memory'), workers: 0, write: false });
  return new Map([...built.files].map(([f, d]) => [f, Buffer.from(d)]));
}

/**
 * Worker threads forced: `workers: 2` is taken as it is whatever the site's size (ShardPool.workersFor
 * returns a forced count unless SITE_SPEED_OFF turns the layer off), but only a written build starts
 * workers (write: false renders on this thread), and a cold one (`cache: false`) renders every page. The
 * main thread's shard reads the first 20 files of a list and the workers the rest; each renders the pages
 * of the entries it read, and the pages of no entry go to a worker first. So every case has pages rendered
 * by a worker, and a case with more than 20 entries in a list entry pages too: the site's probe plugin
 * (casePlugins.ts) says which thread rendered each page (`threads`: thread id, 0 the main one -> paths).
 */
export async function withWorkers(run: CaseRun): Promise<{ output: Output; threads: Map<number, string[]> }> {
  const probe = run.s.at('threads.txt');
  process.env.SITE_DIFF_PROBE = probe;
  try {
    await build({ ...options(run, 'workers-2'), workers: 2, cache: false });
  } finally {
    delete process.env.SITE_DIFF_PROBE;
  }
  return { output: await readOutput(run.s.at('workers-2')), threads: threadsOf(await readFile(probe, 'utf8')) };
}

/** `site build --shard i/n` for every i at once (each with a cache of its own, as the jobs of a CI matrix), then `--merge`. */
export async function shardsAndMerge(run: CaseRun, n: number): Promise<Output> {
  const shards = Array.from({ length: n }, (_, i) => run.s.at(`shard-${n}-${i + 1}`));
  await Promise.all(shards.map((out, i) => run.s.site(['build', '--shard', `${i + 1}/${n}`, ...flags(run), '--out', out, '--cache-dir', `${out}-cache`])));
  await run.s.site(['build', '--merge', ...shards, ...flags(run), '--out', run.s.at(`merged-${n}`), '--cache-dir', run.s.at(`merged-${n}-cache`)]);
  return readOutput(run.s.at(`merged-${n}`));
}

/**
 * `site dev` asked for every file of a cold build. Dev shows drafts and entries dated later: its cold
 * build is one with --drafts --future, `cold` itself when the case has neither or its flags show both.
 */
export async function devServed(run: CaseRun, cold: Output): Promise<DevOutput & { expected: Output }> {
  const expected = run.c.held && !(run.c.flags.drafts && run.c.flags.future) ? await coldBuild(run, 'cold-dev', flags(run, true, true)) : cold;
  return { ...(await devOutput(run.s.root, expected)), expected };
}

export interface BuiltIn {
  output: Output;
  /** What `site build` printed: its report says how many pages came from the cache. */
  report: string;
}

/**
 * The site's folder copied with its .site/ and dist/, built there, then that copy renamed and built again.
 * The copy sits beside the site's folder, not deeper or higher: esbuild names the island chunks by the
 * paths from the site's folder to their sources, and the engine (here, the repository's node_modules)
 * lies outside it, so a site with islands copied to another depth gets other chunk names.
 */
export async function copiedAndRenamed(run: CaseRun): Promise<{ copied: BuiltIn; renamed: BuiltIn }> {
  const builtIn = async (folder: string): Promise<BuiltIn> => {
    const { stdout } = await run.s.site(['build', ...flags(run)], folder);
    return { output: await readOutput(path.join(folder, 'dist')), report: stdout };
  };
  const copy = run.s.at('copied');
  await cp(run.s.root, copy, { recursive: true, verbatimSymlinks: true });
  const copied = await builtIn(copy);
  const moved = run.s.at('moved');
  await rename(copy, moved);
  const renamed = await builtIn(moved);
  await rm(moved, { recursive: true, force: true });
  return { copied, renamed };
}

/**
 * The case's rounds of edits made in the site's folder, each followed by a warm build (its own cache, as a
 * user's edits are), then a cold build of the edited site: the last warm output, the cold one, and the
 * edits by round.
 */
export async function afterEdits(run: CaseRun): Promise<{ warm: Output; cold: Output; edits: string[] }> {
  const edits: string[] = [];
  for (const [i, round] of run.c.rounds.entries()) {
    await applyChanges(run.s.root, round);
    edits.push(...round.map((e) => `${i + 1}. ${describeChange(e)}`));
    await run.s.site(['build', ...flags(run)]);
  }
  return { warm: await readOutput(path.join(run.s.root, 'dist')), cold: await coldBuild(run, 'edited-cold'), edits };
}
