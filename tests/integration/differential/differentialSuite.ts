/**
 * The differential test of a fixture site: every path that builds a site writes the bytes of one cold
 * build (`site build --no-cache --workers 0`), every file of the output. For the fixture as it is, or a
 * seeded case of it (planCase.ts), the paths (casePaths.ts) are:
 * - one thread in memory (`write: false`), through the programmatic build();
 * - worker threads forced (`workers: 2`), which render pages of every case (casePaths.ts, withWorkers);
 * - `site build --shard i/n` for every i, then `--merge`, for n = 2 and n = 3;
 * - `site dev`: every file asked of it, pages without its live-reload script (devOutput.ts);
 * - the site's folder copied, then renamed, with its `.site/`: warm builds, every page from the cache;
 * - warm builds after rounds of the case's edits, the last against a cold build of the edited site.
 * A failure names the fixture, the seed, the path and the first differing file with its first differing
 * line, and the command that replays it; `SITE_DIFF_KEEP=1` keeps the case's folder.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_MARKER } from '../../../generator/output/outputMarker.ts';
import { caseSite, entryFiles } from './caseSite.ts';
import { chosenCases } from './chosenCases.ts';
import { afterEdits, coldBuild, copiedAndRenamed, devServed, inMemory, shardsAndMerge, withWorkers, type CaseRun } from './casePaths.ts';
import { compareOutputs, describeDifference, type Output } from './compareOutputs.ts';
import { pageUrl } from './devOutput.ts';
import { PROFILES } from './fixtureProfiles.ts';
import { planCase } from './planCase.ts';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** Each path is a few builds through the CLI: minutes when the machine is shared with other work. */
const SLOW = 300_000;

const without = (out: Output, ...files: string[]): Output => new Map([...out].filter(([f]) => !files.includes(f)));

/** Which thread rendered the page written to `file`, as the probe recorded it. */
const renderedBy = (threads: Map<number, string[]>) => (file: string) => {
  const id = [...threads].find(([, pages]) => pages.includes(pageUrl(file)))?.[0];
  return id === undefined ? `${file} is no page a thread rendered` : `${file} was rendered by ${id === 0 ? 'the main thread' : `worker thread ${id}`}`;
};

/**
 * The differential test of `fixture` as it is (`cases: 'as it is'`) or in the seeded cases `cases`, from
 * the test file `testFile` (named in a failure's replay line).
 */
export function differentialSuite(fixture: string, cases: 'as it is' | number[], testFile: string): void {
  const profile = PROFILES[fixture]!;
  const chosen = cases === 'as it is' ? chosenCases(true, []) : chosenCases(false, cases);
  if (!chosen.length) it.skip(`${fixture}: SITE_DIFF_SEED asks for no case of this file`, () => {});
  describe.each(chosen.map((seed) => [seed === null ? 'the fixture as it is' : `seed ${seed}`, seed] as const))(`${fixture}, %s`, (_name, seed) => {
    let run: CaseRun;
    let cold: Output;
    /** Throws the failure's report when `actual` is not `expected` byte for byte. */
    const same = (pathName: string, expected: Output, actual: Output, more: { thread?: (file: string) => string; after?: string } = {}) => {
      const d = compareOutputs(expected, actual);
      if (!d) return;
      const replay = `${seed === null ? '' : `SITE_DIFF_SEED=${seed} `}npx vitest run ${path.relative(repo, testFile)}`;
      throw new Error(describeDifference({ fixture, seed, path: pathName, replay, thread: more.thread?.(d.file) }, d) + (more.after ?? ''));
    };

    beforeAll(async () => {
      const c = planCase(profile, seed, await entryFiles(fixture, profile.entriesDir));
      run = { c, s: await caseSite(c) };
      cold = await coldBuild(run);
    }, SLOW);
    afterAll(() => run?.s.remove());

    it('--workers 0, in memory (the programmatic build, write: false)', async () => {
      same('--workers 0, in memory', without(cold, OUTPUT_MARKER), await inMemory(run));
    }, SLOW);

    it('worker threads (--workers 2)', async () => {
      const { output, threads } = await withWorkers(run);
      expect([...threads.keys()].filter((id) => id !== 0).length, 'worker threads that rendered a page').toBeGreaterThan(0);
      same('--workers 2', cold, output, { thread: renderedBy(threads) });
    }, SLOW);

    it.each([2, 3])('--shard i/%i, then --merge', async (n) => {
      same(`--shard i/${n} then --merge`, cold, await shardsAndMerge(run, n));
    }, SLOW);

    it('site dev', async () => {
      const dev = await devServed(run, cold);
      same('site dev', without(dev.expected, ...dev.left), dev.served);
      expect(dev.problems).toEqual([]);
    }, SLOW);

    it('the folder copied, then renamed, with its .site/: warm builds', async () => {
      const { copied, renamed } = await copiedAndRenamed(run);
      same('the folder copied with its .site/', cold, copied.output);
      expect(copied.report, 'every page from the cache').toMatch(/\(0 rendered, \d+ from cache/);
      same('the copy renamed with its .site/', cold, renamed.output);
      expect(renamed.report, 'every page from the cache').toMatch(/\(0 rendered, \d+ from cache/);
    }, SLOW);

    it('a warm build after rounds of edits', async () => {
      const { warm, cold: edited, edits } = await afterEdits(run);
      same(`a warm build after ${run.c.rounds.length} rounds of edits`, edited, warm, { after: `\nThe edits, by round (each followed by a warm build):\n  ${edits.join('\n  ')}` });
    }, SLOW);
  });
}
