/**
 * `npm run bench -- --shards [--pages 4000] [--rounds 3]`: a build split in 4 shards and merged
 * (`site build --shard i/4`, then `--merge`) against one `site build` of the same content, cold, without
 * social images. The shards run one after the other on this machine, so their sum is the machine time a
 * split build costs; on a CI matrix the jobs run at once and the wall time is the slowest shard plus
 * the merge. The merge's own time is what the last job pays. Interleaved rounds, each with folders and
 * caches of its own; the table shows medians and their ratios to one build. A measurement, not a test.
 */
import os from 'node:os';
import path from 'node:path';
import { benchContent, cpuCheckMs, siteBuild, type Run } from './benchRuns.ts';

const SHARDS = 4;

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function shardsBench(root: string, tmp: string, count: number, rounds: number): Promise<void> {
  const cpuMs = cpuCheckMs();
  const content = await benchContent(root, tmp, count);
  const build = (args: string[]): Promise<Run> => siteBuild(root, ['--content', content, '--no-social-images', ...args]);
  // The generator's own bundles made first (a build of the real site alone), so the runs time the build alone.
  await siteBuild(root, ['--out', path.join(tmp, 'warmup'), '--cache-dir', path.join(tmp, 'warmup-cache'), '--no-cache', '--no-social-images']);
  const figures = { single: [] as number[], shards: [] as number[], slowest: [] as number[], merge: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    const dir = (name: string) => path.join(tmp, `${name}-${r}`);
    figures.single.push((await build(['--out', dir('single'), '--cache-dir', dir('single-cache')])).ms);
    const times: number[] = [];
    for (let i = 1; i <= SHARDS; i++) times.push((await build(['--shard', `${i}/${SHARDS}`, '--out', dir(`shard-${i}`), '--cache-dir', dir(`shard-cache-${i}`)])).ms);
    figures.shards.push(times.reduce((a, b) => a + b, 0));
    figures.slowest.push(Math.max(...times));
    const shardDirs = Array.from({ length: SHARDS }, (_, i) => dir(`shard-${i + 1}`));
    figures.merge.push((await build(['--merge', ...shardDirs, '--out', dir('merged'), '--cache-dir', dir('merge-cache')])).ms);
  }
  const single = median(figures.single);
  const shards = median(figures.shards);
  const merge = median(figures.merge);
  const slowest = median(figures.slowest);
  const ratio = (ms: number) => `${(ms / single).toFixed(2)}×`;
  console.log(
    `\n${count} generated articles + the real site, cold, no social images, ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}, median of ${rounds} interleaved rounds; CPU check ${Math.round(cpuMs)} ms before, ${Math.round(cpuCheckMs())} ms after\n`,
  );
  console.log('| build | wall (median) | against one build |\n|---|---|---|');
  console.log(`| one build | ${seconds(single)} | 1.00× |`);
  console.log(`| ${SHARDS} shards, one after the other | ${seconds(shards)} | ${ratio(shards)} |`);
  console.log(`| the merge alone (the last CI job) | ${seconds(merge)} | ${ratio(merge)} |`);
  console.log(`| ${SHARDS} shards + merge, one machine | ${seconds(shards + merge)} | ${ratio(shards + merge)} |`);
  console.log(`| slowest shard + merge (a ${SHARDS}-job matrix's wall time) | ${seconds(slowest + merge)} | ${ratio(slowest + merge)} |`);
}
