/**
 * The build benchmark's other modes run end to end on the smallest corpus each prints every row for (they
 * measure; these are not timed tests): `--lines`, `--ablate` and its verdict, and `--reference` where the
 * reference generators are installed. The plain bench is bench.test.ts's.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { hugoBinary } from '../../../scripts/referenceSites.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const bench = (...args: string[]) => promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', ...args], { cwd: root, timeout: 300_000 });

it('--lines counts the speed machinery, file by file, with a total', async () => {
  const { stdout } = await bench('--lines');
  expect(stdout).toMatch(/\| workers \(shards\) \| generator\/shards\/ShardPool\.ts \| whole file \| \d+ \| \d+ \|/);
  expect(stdout).toMatch(/\| packDeltas \| generator\/cache\/BuildCache\.ts \| of which fitsDelta \| \d+ \| \d+ \|/);
  expect(stdout).toMatch(/\| \*\*total\*\* \| \| \| \*\*\d+\*\* \| \*\*\d+\*\* \|/);
}, 60_000);

it('--ablate builds with a layer off and on and prints medians, gains and a verdict', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-bench-ablate-'));
  try {
    const { stdout } = await bench('--ablate', '--sizes', '2', '--rounds', '1', '--layers', 'packDeltas,shared', '--dir', dir);
    expect(stdout).toContain('- shared off: <Shared> subtrees are rendered on every page that shows them');
    expect(stdout).toMatch(/\| shared \| 2 \| \d+\.\d\d s \| \d+\.\d\d s \| -?\d+\.\d% \| \d+\.\d\d s \| \d+\.\d\d s \| \(-?\d+\.\d%\) \| \d+\.\d\d s \| \d+\.\d\d s \| -?\d+\.\d% \| (keep \(≥5%\)|remove) \|/);
    expect(stdout).toMatch(/\| packDeltas \| 2 \| .* \| (keep \(≥5%\)|remove) \|/);
    expect(await readdir(dir)).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 300_000);

it('the ablation keeps a layer that gains 5% where it takes part', async () => {
  const { gainPercent, verdict } = await import('../../../scripts/benchAblate.ts');
  expect(gainPercent(2000, 1500)).toBe(25);
  expect(verdict('shared', [4.9, -3])).toBe('remove');
  expect(verdict('shared', [1, 5])).toBe('keep (≥5%)');
});

const referencesHere = !!hugoBinary() && existsSync(path.join(root, '.site', 'bench-reference', 'node_modules', '@11ty', 'eleventy', 'cmd.cjs'));
it.skipIf(!referencesHere)('--reference prints what each generator wrote and the goals, measured or not', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-bench-reference-'));
  try {
    const { stdout } = await bench('--reference', '--sizes', '30', '--rounds', '1', '--dir', dir);
    expect(stdout).toMatch(/\| build \| site build \| Eleventy 3\.1\.8 \| Hugo 0\.111\.\d \|/);
    expect(stdout).toMatch(/\| article pages \| 37 \| 37 \| 37 \|/);
    expect(stdout).toMatch(/\| feed items \(feed\.xml\) \| 37 \| 37 \| 37 \|/);
    expect(stdout).toMatch(/\| cold build, wall time \| 30 \| \d+\.\d\d s \| \d+\.\d\d s \| \d+\.\d\d× \| – \|/);
    expect(stdout).toContain('| cold build, wall time | 4,000 | – | – | – | ≤ 0.8× | not measured (add 4000 to --sizes) |');
    expect(stdout).toContain('| cold build, peak RSS | 16,000 | – | – | – | ≤ 0.5× | not measured (add 16000 to --sizes) |');
    expect(stdout).toMatch(/two-thread check: two threads at once do \d+\.\d\d× the work of one when they allocate objects and strings, \d+\.\d\d× in a plain loop/);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 300_000);
