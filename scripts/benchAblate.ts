/**
 * `npm run bench -- --ablate [--sizes 1000,4000,16000] [--rounds 5] [--layers workers,shared]`: what each
 * speed layer of `site build` gains. For each size and layer, each round builds with the layer off
 * (SITE_SPEED_OFF, generator/core/speedLayers.cjs) and on, interleaved (off first in even rounds, on first in
 * odd ones), each into folders of its own: cold, then nothing changed, then one article changed. It
 * prints a markdown table of medians and each row's gain, and the verdict: keep a layer that gains at
 * least 5 % on some row, else remove it. No layer is needed for correctness: each one's slower path
 * writes the same output (tests/integration/speedLayers.test.ts).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SPEED_LAYERS, type SpeedLayer } from '../generator/core/speedLayers.cjs';
import { benchContent, cpuCheckMs, machineLine, medianOf, memoryCheckMs, siteBuild, thousands, type Measured, type Run } from './benchRuns.ts';

/** The least gain, on some row, that keeps a layer. */
export const KEEP_PERCENT = 5;
/** Layers whose slower path would change what a build does for its users, not only its speed: none so far. */
const NEEDED_FOR_CORRECTNESS: Partial<Record<SpeedLayer, string>> = {};

const KINDS = ['cold', 'nothing changed', 'one article changed'] as const;
type Kind = (typeof KINDS)[number];

/**
 * The builds each layer takes part in; on the others its gain is noise (shown in brackets, left out of
 * the verdict). With nothing changed a build reads no article, renders no page and reads no pack ("Up
 * to date"); one article changed renders a page or two on the main thread.
 */
export const ACTS_ON: Record<SpeedLayer, readonly Kind[]> = {
  workers: ['cold'],
  codeCache: KINDS,
  packDeltas: ['one article changed'],
  buildRecord: KINDS,
  shared: ['cold', 'one article changed'],
  // A build that renders a page with code loads shiki in the threads that render (the bench's articles have a js block).
  regexTable: ['cold', 'one article changed'],
  // A cold build finds no previous output; with nothing changed the build writes nothing.
  inPlace: ['one article changed'],
};

interface LayerResult {
  layer: SpeedLayer;
  size: number;
  medians: Record<Kind, { off: Measured; on: Measured }>;
}

/** The gain of `on` over `off`, in % of the time with the layer off (positive: the layer saves time). */
export const gainPercent = (off: number, on: number): number => ((off - on) / off) * 100;

export function verdict(layer: SpeedLayer, gains: number[]): string {
  if (NEEDED_FOR_CORRECTNESS[layer]) return `needed for correctness (${NEEDED_FOR_CORRECTNESS[layer]})`;
  return gains.some((g) => g >= KEEP_PERCENT) ? `keep (≥${KEEP_PERCENT}%)` : 'remove';
}

async function measureLayer(root: string, dir: string, content: string, layer: SpeedLayer, size: number, rounds: number): Promise<LayerResult> {
  const runs: Record<Kind, Record<'off' | 'on', Run[]>> = {
    cold: { off: [], on: [] },
    'nothing changed': { off: [], on: [] },
    'one article changed': { off: [], on: [] },
  };
  const changed = path.join(content, 'blog', 'bench-00000.md');
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    const args = (s: 'off' | 'on') => ['--content', content, '--out', path.join(dir, `${layer}-${s}-${i}`), '--cache-dir', path.join(dir, `${layer}-${s}-cache-${i}`), '--no-social-images'];
    const env = (s: 'off' | 'on') => ({ SITE_SPEED_OFF: s === 'off' ? layer : '' });
    for (const s of order) runs.cold[s].push(await siteBuild(root, args(s), env(s)));
    for (const s of order) runs['nothing changed'][s].push(await siteBuild(root, args(s), env(s)));
    await writeFile(changed, `${await readFile(changed, 'utf8')}\nOne more sentence for the benchmark (${layer} ${i}).\n`);
    for (const s of order) runs['one article changed'][s].push(await siteBuild(root, args(s), env(s)));
  }
  const medians = Object.fromEntries(KINDS.map((k) => [k, { off: medianOf(runs[k].off), on: medianOf(runs[k].on) }])) as LayerResult['medians'];
  return { layer, size, medians };
}

const secs = (r: Measured) => `${(r.ms / 1000).toFixed(2)} s`;

function printTable(results: LayerResult[]): void {
  console.log(
    `\n| layer | articles | ${KINDS.map((k) => `${k}: off | on | gain`).join(' | ')} | verdict |\n|---|---|${KINDS.map(() => '---|---|---|').join('')}---|`,
  );
  const byLayer = new Map<SpeedLayer, LayerResult[]>();
  for (const r of results) byLayer.set(r.layer, [...(byLayer.get(r.layer) ?? []), r]);
  for (const [layer, rows] of byLayer) {
    const gains = rows.flatMap((r) => ACTS_ON[layer].map((k) => gainPercent(r.medians[k].off.ms, r.medians[k].on.ms)));
    const decision = verdict(layer, gains);
    for (const r of rows) {
      const cells = KINDS.map((k) => {
        const { off, on } = r.medians[k];
        const gain = `${gainPercent(off.ms, on.ms).toFixed(1)}%`;
        return `${secs(off)} | ${secs(on)} | ${ACTS_ON[layer].includes(k) ? gain : `(${gain})`}`;
      });
      console.log(`| ${layer} | ${thousands(r.size)} | ${cells.join(' | ')} | ${decision} |`);
    }
  }
  console.log(
    `\nGain: (off − on) / off, of the medians' wall times; in brackets where the layer takes no part in that build (noise). Verdict over the rest of the layer's rows: keep where some row gains at least ${KEEP_PERCENT}%.`,
  );
}

export async function ablationBench(root: string, base: string, sizes: number[], rounds: number, layers: string[]): Promise<void> {
  const unknown = layers.filter((l) => !Object.hasOwn(SPEED_LAYERS, l));
  if (unknown.length) throw new Error(`--layers names ${unknown.join(', ')}: the speed layers are ${Object.keys(SPEED_LAYERS).join(', ')}`);
  const cpu = cpuCheckMs();
  const memory = memoryCheckMs();
  const results: LayerResult[] = [];
  for (const size of sizes) {
    const dir = path.join(base, `n${size}`);
    await mkdir(dir, { recursive: true });
    const content = await benchContent(root, dir, size);
    // Our bundles (and their code caches) ready before anything is timed.
    await siteBuild(root, ['--content', content, '--out', path.join(dir, 'warmup'), '--cache-dir', path.join(dir, 'warmup-cache'), '--no-cache', '--no-social-images']);
    for (const layer of layers as SpeedLayer[]) {
      const r = await measureLayer(root, dir, content, layer, size, rounds);
      results.push(r);
      console.error(`${layer} at ${size} articles: done`);
    }
  }
  console.log(`\nSpeed layers off and on, ${sizes.map(thousands).join(', ')} generated articles plus the real site, median of ${rounds} round${rounds > 1 ? 's' : ''}, ${os.availableParallelism()} cores, Node ${process.version}; ${machineLine(cpu, memory)}`);
  for (const [layer, what] of Object.entries(SPEED_LAYERS)) if (layers.includes(layer)) console.log(`- ${layer} off: ${what}`);
  printTable(results);
}
