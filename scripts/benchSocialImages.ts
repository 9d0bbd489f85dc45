/**
 * `node --import tsx scripts/benchSocialImages.ts [--cards 40] [--rounds 3]`: what one social image costs
 * with this site's card (templates/social/SocialCard.tsx) and fonts, step by step as paintCard.cjs takes
 * them: satori's layout to SVG, the SVG split in layers, the background rasterized by librsvg (once per
 * build), the text filled onto it, the PNG encoded, the file written; then the whole card on this thread
 * and on the build's card workers (CardPool.ts, one per core: wall time per card, and the CPU of the whole
 * process, workers included), against librsvg rasterizing each card whole (the painter before the layers,
 * and still its way for an SVG the fill cannot paint); then the painted pixels deflated at other zlib
 * levels (time, bytes), which is how the painter's level was chosen. Prints the median of `rounds` and CPU
 * time as well as wall time (on a shared VM the two part). A measurement, not a test.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import zlib from 'node:zlib';
import site from '../site.config.ts';
import { cardTree, satoriElement } from '../generator/social/cardTree.ts';
import { drawableTree } from '../generator/social/cardText.ts';
import { cardDrawer } from '../generator/social/drawSocialImage.ts';
import { CARDS_IN_FLIGHT, CardPool } from '../generator/social/CardPool.ts';
import { cardLayers } from '../generator/social/cardLayers.cjs';
import { encodePng, LEVEL } from '../generator/social/encodePng.cjs';
import { fillSegments, pathSegments } from '../generator/social/fillPaths.cjs';
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
const STRIDE = 1 + 1200 * 3;
const scanlines = (rgb: Buffer) => {
  const out = Buffer.alloc(STRIDE * 630);
  for (let y = 0; y < 630; y++) rgb.copy(out, y * STRIDE + 1, y * 3600, (y + 1) * 3600);
  return out;
};
const layers = svgs.map((svg) => cardLayers(svg, 1200, 630)!);
const background = scanlines(await sharp(onWhite(layers[0]!.background)).removeAlpha().raw().toBuffer());
const fill = (i: number) => {
  const image = Buffer.from(background);
  for (const shape of layers[i]!.layer) fillSegments(image, 1200, 630, STRIDE, pathSegments(shape.d)!, shape.color);
  return image;
};
const painted = trees.map((_, i) => fill(i));
const pngs = painted.map((image) => encodePng(image, 1200, 630));
const dir = mkdtempSync(path.join(os.tmpdir(), 'social-bench-'));

console.log(`\n${count} cards of this site, ${availableParallelism()} cores, Node ${process.version}, median of ${rounds} rounds; per card:\n`);
console.log('| step | wall | CPU | output |\n|---|---|---|---|');
row('satori: card -> SVG', await measure(1, (i) => satori(satoriElement(trees[i]!) as Parameters<typeof satori>[0], options)));
row('the SVG split in layers (cardLayers)', await measure(1, async (i) => cardLayers(svgs[i]!, 1200, 630)!.background));
row('the background rasterized by librsvg (once per build)', await measure(1, (i) => sharp(onWhite(layers[i]!.background)).removeAlpha().raw().toBuffer()));
row('the text filled onto a copy of it (fillPaths)', await measure(1, async (i) => fill(i)));
row(`the PNG encoded (encodePng, zlib ${LEVEL})`, await measure(1, async (i) => encodePng(painted[i]!, 1200, 630)));
row('write the PNG', await measure(1, async (i) => (writeFileSync(path.join(dir, `${i}.png`), pngs[i]!), pngs[i]!)));
row('the whole card, one at a time, this thread', await measure(1, (i) => draw(trees[i]!)));
row(`the whole card, ${lanes} in flight on this thread`, await measure(lanes, (i) => draw(trees[i]!)));
row(`the whole card, on ${pool.size} card workers, ${lanes} in flight (the build)`, await measure(lanes, async (i) => (await pool.draw(i % lanes, trees[i]!)).png));
row('librsvg rasterizing the whole SVG instead, PNG by sharp (zlib 6)', await measure(1, (i) => sharp(onWhite(svgs[i]!)).removeAlpha().png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer()));
pool.close();
rmSync(dir, { recursive: true, force: true });

console.log('\nThe painted pixels deflated at other zlib levels, one card at a time:\n');
console.log('| PNG | wall | CPU | bytes |\n|---|---|---|---|');
for (const level of [1, 2, 3, 4, 6, 9]) row(`zlib ${level}${level === LEVEL ? " (the painter's)" : ''}`, await measure(1, async (i) => zlib.deflateSync(painted[i]!, { level })));
