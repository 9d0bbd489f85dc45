/**
 * `npm run bench -- --against DIR [--sizes 1000,4000] [--rounds 3] [--changes 1]`: this checkout's `site build` against
 * another checkout's (DIR: a clone of the commit to compare with, its `npm ci` done), on the same
 * generated content, interleaved: each round builds with both, the other first in odd rounds, so a busy
 * machine slows both alike. For each size: cold (empty cache), warm with nothing changed, and one
 * article changed (`--changes` times a round, each change a new one, interleaved as well: a cold build at
 * 16,000 articles takes minutes, a change seconds); medians and this checkout's time as a ratio of the other's.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchContent, cpuCheckMs, machineLine, medianOf, memoryCheckMs, seconds, siteBuild, thousands, type Run } from './benchRuns.ts';

const KINDS = ['cold', 'warm, nothing changed', 'one article changed'] as const;

/** The median of the runs' peak RSS (MB): memory moves less than time, and not with the same run. */
const medianRss = (runs: Run[]): number => [...runs].map((r) => r.rssMb).sort((a, b) => a - b)[Math.floor((runs.length - 1) / 2)]!;

async function measure(roots: [string, string], tmp: string, size: number, rounds: number, changes: number): Promise<Run[][][]> {
  const dir = path.join(tmp, `n${size}`);
  await mkdir(dir, { recursive: true });
  const content = await benchContent(roots[0], dir, size);
  const changed = path.join(content, 'blog', 'bench-00000.md');
  // Each checkout's bundles ready before anything is timed.
  for (const [c, root] of roots.entries()) await siteBuild(root, ['--content', content, '--out', path.join(dir, `warmup-${c}`), '--cache-dir', path.join(dir, `warmup-cache-${c}`), '--no-social-images']);
  // runs[checkout][kind][round]
  const runs = roots.map(() => KINDS.map(() => [] as Run[]));
  for (let i = 0; i < rounds; i++) {
    // Every cold run gets its own output and cache folder: truly cold, nothing deleted between runs.
    const args = (c: number) => ['--content', content, '--out', path.join(dir, `dist-${c}-${i}`), '--cache-dir', path.join(dir, `cache-${c}-${i}`), '--no-social-images'];
    const order = i % 2 ? [1, 0] : [0, 1];
    for (const c of order) runs[c]![0]!.push(await siteBuild(roots[c]!, args(c)));
    for (const c of order) runs[c]![1]!.push(await siteBuild(roots[c]!, args(c)));
    for (let j = 0; j < changes; j++) {
      await writeFile(changed, `${await readFile(changed, 'utf8')}\nOne more sentence for the benchmark (${i}.${j}).\n`);
      for (const c of j % 2 ? [...order].reverse() : order) runs[c]![2]!.push(await siteBuild(roots[c]!, args(c)));
    }
  }
  return runs;
}

export async function againstBench(root: string, other: string, tmp: string, sizes: number[], rounds: number, changes = 1): Promise<void> {
  const cpu = cpuCheckMs();
  const memory = memoryCheckMs();
  const lines: string[] = [];
  for (const size of sizes) {
    const runs = await measure([root, other], tmp, size, rounds, changes);
    lines.push(
      '',
      `### ${thousands(size)} generated articles, ${rounds} rounds interleaved (${changes} article changes a round): medians (fastest–slowest), then the median of each side's peak RSS`,
      '',
      '| build | this checkout | the other | ratio | peak RSS, this checkout | the other | ratio |',
      '|---|---|---|---|---|---|---|',
    );
    for (const [k, kind] of KINDS.entries()) {
      const [ours, theirs] = [medianOf(runs[0]![k]!), medianOf(runs[1]![k]!)];
      const [ourRss, theirRss] = [medianRss(runs[0]![k]!), medianRss(runs[1]![k]!)];
      lines.push(`| ${kind} | ${seconds(ours)}${ours.range} | ${seconds(theirs)}${theirs.range} | ${(ours.ms / theirs.ms).toFixed(3)} | ${ourRss.toFixed(0)} MB | ${theirRss.toFixed(0)} MB | ${(ourRss / theirRss).toFixed(3)} |`);
    }
  }
  console.log([...lines, '', `${os.availableParallelism()} cores, Node ${process.version}; ${machineLine(cpu, memory)}`].join('\n'));
}
