/**
 * `npm run bench [-- --pages 4000] [--runs 3] [--dir DIR]`: the build at scale. Copies the real
 * content into a temporary folder, adds N generated articles, then runs
 * `site build` as separate processes: the real site alone (cold), then the
 * big site cold (empty cache), warm with nothing changed ("Up to date"),
 * warm with one article saved unchanged (hashed, still "Up to date"), and
 * after changing one article. Prints wall time, pages per second, peak RSS and
 * what was rendered vs taken from the cache, as a table with the budgets'
 * budgets. Those rows build with --no-social-images, like for like with the
 * reference generators, which make no images; two more rows build with them:
 * cold (an image per article: what a first build pays) and one article changed
 * (every image from the cache). A folder the bench makes in the system's temporary folder (or
 * in --dir), and deletes at the end, holds the cache too, so the user's
 * .site/cache/build is never touched, nor anything else in --dir. A measurement,
 * not a test: it fails only when a build fails.
 *
 * Other modes, in the same temporary folder:
 * - `--reference [--sizes 1000,4000,16000] [--rounds 5]`: against Hugo and Eleventy building the same
 *   blog, with the goals' ratios (scripts/benchReference.ts).
 * - `--ablate [--sizes 1000,4000,16000] [--rounds 5] [--layers a,b]`: each speed layer off and on
 *   (scripts/benchAblate.ts).
 * - `--against DIR [--sizes 1000,4000] [--rounds 3] [--changes 1]`: this checkout against another (a clone of the commit
 *   to compare with), interleaved, with ratios (scripts/benchAgainst.ts).
 * - `--lines`: the lines of the speed machinery (scripts/speedLines.ts); builds nothing.
 * - `--shards [--pages 4000] [--rounds 3]`: 4 shards and a merge against one build (scripts/benchShards.ts).
 *
 * On ext4, deleting thousands of files makes creating files in that part of
 * the disk much slower for minutes: a second bench right after a first one, in the same folder,
 * measures the disk, not the generator. --dir picks a fresh folder.
 */
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ablationBench } from './benchAblate.ts';
import { referenceBench } from './benchReference.ts';
import { againstBench } from './benchAgainst.ts';
import { shardsBench } from './benchShards.ts';
import { benchContent, cpuCheckMs, listArg, medianOf, memoryCheckMs, numberArg, siteBuild as build, type Measured, type Run } from './benchRuns.ts';
import { SPEED_LAYERS } from '../generator/core/speedLayers.cjs';
import { speedLines } from './speedLines.ts';

const count = numberArg('pages', 4000);
/** Each build runs this many times; the table shows the median run (by wall time). */
const runs = Math.max(1, numberArg('runs', 3));
const root = process.cwd();
const siteBuild = (args: string[]): Promise<Run> => build(root, args);
const sizes = listArg('sizes', ['1000', '4000', '16000']).map(Number);
const rounds = Math.max(1, numberArg('rounds', 5));

const dirArg = process.argv.indexOf('--dir');
const base = dirArg > 0 ? path.resolve(process.argv[dirArg + 1]!) : os.tmpdir();
if (process.argv.includes('--lines')) {
  speedLines(root);
  process.exit(0);
}
await mkdir(base, { recursive: true });
const tmp = await mkdtemp(path.join(base, 'site-bench-'));
try {
  const against = process.argv.indexOf('--against');
  if (against > 0) await againstBench(root, path.resolve(process.argv[against + 1]!), tmp, sizes, Math.max(1, numberArg('rounds', 3)), Math.max(1, numberArg('changes', 1)));
  else if (process.argv.includes('--reference')) await referenceBench(root, tmp, sizes, rounds);
  else if (process.argv.includes('--shards')) await shardsBench(root, tmp, count, Math.max(1, numberArg('rounds', 3)));
  else if (process.argv.includes('--ablate')) await ablationBench(root, tmp, sizes, rounds, listArg('layers', Object.keys(SPEED_LAYERS)));
  else await buildAtScale();
} finally {
  await rm(tmp, { recursive: true, force: true });
}

async function buildAtScale(): Promise<void> {
  const cpuMs = cpuCheckMs();
  const memoryMs = memoryCheckMs();
  const content = await benchContent(root, tmp, count);
  // Make sure the generator's own bundles are ready, so the runs time the build alone.
  await siteBuild(['--out', path.join(tmp, 'warmup'), '--cache-dir', path.join(tmp, 'warmup-cache'), '--no-cache', '--no-social-images']);

  // Every cold run gets an output and cache folder of its own: truly cold, and nothing is deleted
  // between runs (deleting thousands of files slows the next ones' file creation on ext4).
  // Without social images, like the reference generators (two rows below make them).
  const big = (i: number) => ['--content', content, '--out', path.join(tmp, `dist-${i}`), '--cache-dir', path.join(tmp, `cache-${i}`), '--no-social-images'];
  /** The median run, with the fastest and slowest wall times (a shared VM's runs spread widely). */
  const median = async (one: (i: number) => Promise<Run>): Promise<Measured> => {
    const all: Run[] = [];
    for (let i = 0; i < runs; i++) all.push(await one(i));
    return medianOf(all);
  };
  const rows: [string, Measured, string][] = [];
  rows.push(['real site alone, cold', await median((i) => siteBuild(['--out', path.join(tmp, `real-${i}`), '--cache-dir', path.join(tmp, `real-cache-${i}`), '--no-cache', '--no-social-images'])), '< 2.0 s']);
  // Cold without and with social images in turn, so their ratio compares the same moments of the machine.
  const social = (i: number) => ['--content', content, '--out', path.join(tmp, `social-dist-${i}`), '--cache-dir', path.join(tmp, `social-cache-${i}`)];
  const coldRuns: Run[] = [];
  const socialRuns: Run[] = [];
  for (let i = 0; i < runs; i++) {
    coldRuns.push(await siteBuild(big(i)));
    socialRuns.push(await siteBuild(social(i)));
  }
  const [cold, coldSocial] = [medianOf(coldRuns), medianOf(socialRuns)];
  rows.push(['cold', cold, '≤ 3.0 s, ≤ 400 MB']);
  const last = big(runs - 1);
  rows.push(['warm, nothing changed', await median(() => siteBuild(last)), '≤ 1.0 s']);
  // The same content, but one article's file has a new modification time (an editor saved it unchanged,
  // a checkout touched it): its stamp changed, so the up-to-date check hashes it (buildRecord.ts).
  const touched = path.join(content, 'blog', 'bench-00001.md');
  rows.push([
    'warm, one article saved unchanged',
    await median(async (i) => {
      const when = new Date(Date.now() - 10_000 + i * 1000); // older than the two seconds a stamp is not trusted
      await utimes(touched, when, when);
      return siteBuild(last);
    }),
    '≤ 1.0 s',
  ]);
  const one = path.join(content, 'blog', 'bench-00000.md');
  rows.push([
    'one article changed',
    await median(async (i) => {
      await writeFile(one, `${await readFile(one, 'utf8')}\nOne more sentence for the benchmark (${i}).\n`);
      return siteBuild(last);
    }),
    '≤ 1.2 s',
  ]);
  // With social images: a cold build makes one per article (the one-time cost, measured above), a later
  // one takes them from the cache.
  rows.push(['cold, with social images', coldSocial, '≤ 2× the time, ≤ 1.5× the peak RSS of cold']);
  rows.push([
    'one article changed, with social images',
    await median(async (i) => {
      await writeFile(one, `${await readFile(one, 'utf8')}\nOne more sentence for the social images' benchmark (${i}).\n`);
      return siteBuild(social(runs - 1));
    }),
    '≤ 1.2 s',
  ]);

  console.log(
    `\n${count} generated articles + the real site, ${os.availableParallelism()} cores, Node ${process.version}, median of ${runs} runs; CPU check ${Math.round(cpuMs)} ms before, ${Math.round(cpuCheckMs())} ms after (a fixed loop: lower is a faster moment); memory check ${Math.round(memoryMs)} ms before, ${Math.round(memoryCheckMs())} ms after (64 MB of fresh memory)\n`,
  );
  console.log(
    '| build | wall (median, then fastest–slowest) | pages/s | peak RSS | rendered | from cache | social images made / from cache | budget (4,000 articles) |\n|---|---|---|---|---|---|---|---|',
  );
  for (const [name, r, budget] of rows) {
    const images = r.images ? `${r.images.made} / ${r.images.cached}` : '–';
    console.log(
      `| ${name} | ${(r.ms / 1000).toFixed(2)} s${r.range} | ${Math.round(r.pages / (r.ms / 1000))} | ${r.rssMb.toFixed(0)} MB | ${r.rendered ?? '–'} | ${r.cached ?? '–'} | ${images} | ${budget} |`,
    );
  }
  console.log(
    `\ncold, with social images / cold, without: ${(coldSocial.ms / cold.ms).toFixed(2)}× the time, ${(coldSocial.rssMb / cold.rssMb).toFixed(2)}× the peak RSS (medians of ${runs} runs, each pair in turn)`,
  );
}
