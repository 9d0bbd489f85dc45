/**
 * `node --import tsx scripts/benchSocialImages.ts [--cards 40] [--rounds 3]`: what one social image costs
 * with this site's card (templates/social/SocialCard.tsx) and fonts: satori's layout to SVG, sharp's
 * rasterizing, its PNG encoding and writing the file, each on its own; both together on this thread and
 * on the build's card workers (CardPool.ts, one per core: wall time per card, and the CPU of the whole
 * process, workers included); then the same SVGs encoded with other PNG options (time, bytes), which is how the build's
 * options were chosen. Prints the median of `rounds` and CPU time as well as wall time (on a shared VM
 * the two part). A measurement, not a test.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import satori from 'satori';
import sharp, { type Sharp } from 'sharp';
import site from '../site.config.ts';
import { cardTree, satoriElement } from '../generator/social/cardTree.ts';
import { drawableTree } from '../generator/social/cardText.ts';
import { cardDrawer } from '../generator/social/drawSocialImage.ts';
import { CARDS_IN_FLIGHT, CardPool } from '../generator/social/CardPool.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { loadSocialFonts } from '../generator/social/socialFonts.ts';
import type { SiteMeta } from '../generator/site/defineConfig.ts';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const count = arg('cards', 40);
const rounds = arg('rounds', 3);
const root = process.cwd();
const social = site.socialImages!;
const { fonts, coverage } = loadSocialFonts(social.fonts, root, path.join(root, 'templates'));
const meta: SiteMeta = { name: 'Decksmith', url: 'https://decksmith.ai', language: 'en' };
const categories = ['Opinion', 'Comparisons', 'Tools'];
const trees = Array.from({ length: count }, (_, i) =>
  drawableTree(cardTree(social.card({ title: `How ${i + 2} teams ship brand-aware decks faster with one shared template library`, eyebrow: categories[i % 3] }, meta)), coverage),
);
sharp.cache(false);
const options = { width: 1200, height: 630, fonts: fonts.map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style })) };
const onWhite = (svg: string) => Buffer.from(svg.replace(/^<svg[^>]*>/, (open) => `${open}<rect width="1200" height="630" fill="#fff"/>`));

interface Figure {
  wall: number;
  cpu: number;
  bytes: number;
}
/** Median over rounds of ms per card (wall and this process's CPU) and bytes per card. */
async function measure(lanes: number, fn: (i: number) => Promise<Buffer | string>): Promise<Figure> {
  const all: Figure[] = [];
  for (let r = 0; r < rounds; r++) {
    let next = 0;
    let bytes = 0;
    const started = performance.now();
    const cpu = process.cpuUsage();
    await Promise.all(
      Array.from({ length: lanes }, async () => {
        for (let i = next++; i < count; i = next++) {
          const out = await fn(i);
          bytes += typeof out === 'string' ? Buffer.byteLength(out) : out.byteLength;
        }
      }),
    );
    const used = process.cpuUsage(cpu);
    all.push({ wall: (performance.now() - started) / count, cpu: (used.user + used.system) / 1000 / count, bytes: bytes / count });
  }
  all.sort((a, b) => a.wall - b.wall);
  return all[Math.floor((rounds - 1) / 2)]!;
}

const row = (name: string, f: Figure) => console.log(`| ${name} | ${f.wall.toFixed(1)} ms | ${f.cpu.toFixed(1)} ms | ${(f.bytes / 1024).toFixed(1)} KB |`);
const svgs = await Promise.all(trees.map((t) => satori(satoriElement(t) as Parameters<typeof satori>[0], options)));
const draw = await cardDrawer(fonts);
await draw(trees[0]!);
const pool = new CardPool(fonts, CardPool.workersFor(count));
await Promise.all(Array.from({ length: pool.size }, (_, n) => pool.draw(n, trees[0]!)));
const lanes = CARDS_IN_FLIGHT * pool.size;
const raws = await Promise.all(svgs.map((svg) => sharp(onWhite(svg)).removeAlpha().raw().toBuffer()));
const pngs = await Promise.all(raws.map((raw) => sharp(raw, { raw: { width: 1200, height: 630, channels: 3 } }).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer()));
const dir = mkdtempSync(path.join(os.tmpdir(), 'social-bench-'));

console.log(`\n${count} cards of this site, ${availableParallelism()} cores, Node ${process.version}, median of ${rounds} rounds; per card:\n`);
console.log('| step | wall | CPU | output |\n|---|---|---|---|');
row('satori: card -> SVG', await measure(1, (i) => satori(satoriElement(trees[i]!) as Parameters<typeof satori>[0], options)));
row('sharp: SVG -> raw RGB pixels (librsvg)', await measure(1, (i) => sharp(onWhite(svgs[i]!)).removeAlpha().raw().toBuffer()));
row('sharp: raw RGB -> PNG (zlib 6, the build\'s)', await measure(1, (i) => sharp(raws[i]!, { raw: { width: 1200, height: 630, channels: 3 } }).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer()));
row('sharp: SVG -> RGB PNG (zlib 6), one pipeline', await measure(1, (i) => sharp(onWhite(svgs[i]!)).removeAlpha().png({ compressionLevel: 6 }).toBuffer()));
row('write the PNG', await measure(1, async (i) => (writeFileSync(path.join(dir, `${i}.png`), pngs[i]!), pngs[i]!)));
row('both, one at a time, this thread', await measure(1, (i) => draw(trees[i]!)));
row(`both, ${lanes} in flight on this thread (the build before CardPool)`, await measure(lanes, (i) => draw(trees[i]!)));
row(`both, on ${pool.size} card workers, ${lanes} in flight (the build)`, await measure(lanes, async (i) => (await pool.draw(i % lanes, trees[i]!)).png));
pool.close();
rmSync(dir, { recursive: true, force: true });

console.log('\nPNG options, the same SVGs one at a time (sharp only):\n');
console.log('| PNG | wall | CPU | bytes |\n|---|---|---|---|');
const variants: [string, (s: Sharp) => Sharp][] = [
  ['RGB, zlib 6 (the build\'s)', (s) => s.removeAlpha().png({ compressionLevel: 6 })],
  ['RGB, zlib 1', (s) => s.removeAlpha().png({ compressionLevel: 1 })],
  ['RGB, zlib 3', (s) => s.removeAlpha().png({ compressionLevel: 3 })],
  ['RGB, zlib 9', (s) => s.removeAlpha().png({ compressionLevel: 9 })],
  ['RGB, zlib 6, adaptive filtering', (s) => s.removeAlpha().png({ compressionLevel: 6, adaptiveFiltering: true })],
  ['RGBA, zlib 6', (s) => s.png({ compressionLevel: 6 })],
  ['palette (libimagequant), effort 7', (s) => s.removeAlpha().png({ palette: true })],
  ['palette, effort 1', (s) => s.removeAlpha().png({ palette: true, effort: 1 })],
  ['JPEG, quality 90', (s) => s.removeAlpha().jpeg({ quality: 90 })],
];
for (const [name, pipe] of variants) row(name, await measure(1, (i) => pipe(sharp(onWhite(svgs[i]!))).toBuffer()));
row('RGB, zlib 6, through flatten instead of a white rectangle', await measure(1, (i) => sharp(Buffer.from(svgs[i]!)).flatten({ background: '#ffffff' }).png({ compressionLevel: 6 }).toBuffer()));
