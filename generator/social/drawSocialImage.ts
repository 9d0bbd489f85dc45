/**
 * Draws a card as a PNG: satori lays it out and writes an SVG (text as paths, in the site's fonts),
 * sharp (librsvg, libpng) rasterizes and encodes it. Both load on first use: a build that makes no
 * image never loads them. The PNG is opaque RGB on white (a card with see-through parts shows white
 * there): a white rectangle under the card costs less than sharp's flatten, and RGB is an eighth
 * smaller than RGBA. `socialRenderer()` names everything besides the card and the fonts that decides
 * the bytes: it is part of every image's key.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { generatorRoot } from '../cache/sourceKey.ts';
import { satoriElement, type CardNode } from './cardTree.ts';
import type { LoadedFont } from './socialFonts.ts';
import { SOCIAL_HEIGHT, SOCIAL_WIDTH } from './socialImageKey.ts';

/** zlib level 6 without adaptive filtering (sharp's default): measured best for time against bytes (docs/media.md). */
const PNG_OPTIONS = { compressionLevel: 6, adaptiveFiltering: false } as const;

/** The installed version of one of the engine's packages (in its node_modules, or in the one it is installed in). */
const versionOf = (name: string): string => {
  const folders = createRequire(path.join(generatorRoot, 'package.json')).resolve.paths(name) ?? [];
  for (const folder of folders) {
    try {
      return (JSON.parse(readFileSync(path.join(folder, name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      // Not in this folder: the next one up.
    }
  }
  return 'unknown';
};

let renderer: string | undefined;
/** What besides the card and its fonts decides an image's bytes (read once per process, without loading either library). */
export const socialRenderer = (): string =>
  (renderer ??= JSON.stringify({
    satori: versionOf('satori'),
    sharp: versionOf('sharp'),
    size: [SOCIAL_WIDTH, SOCIAL_HEIGHT],
    png: PNG_OPTIONS,
    on: 'white',
  }));

export type DrawCard = (tree: CardNode) => Promise<Buffer>;

/** White under the SVG's first element: an opaque image without a flatten pass. */
const onWhite = (svg: string): Buffer => Buffer.from(svg.replace(/^<svg[^>]*>/, (open) => `${open}<rect width="${SOCIAL_WIDTH}" height="${SOCIAL_HEIGHT}" fill="#fff"/>`));

/** A function that draws cards with these fonts. */
export async function cardDrawer(fonts: readonly LoadedFont[]): Promise<DrawCard> {
  const [satoriModule, sharpModule] = await Promise.all([import('satori'), import('sharp')]);
  // As an ES module, or through require() from the CLI's CommonJS bundle (where `default` can be the module).
  const satori = defaultExport<typeof satoriModule.default>(satoriModule);
  const sharp = defaultExport<typeof sharpModule.default>(sharpModule);
  // Each image is made once: libvips' operation cache would only hold memory.
  sharp.cache(false);
  const options = { width: SOCIAL_WIDTH, height: SOCIAL_HEIGHT, fonts: fonts.map((f) => ({ name: f.name, data: f.data, weight: f.weight, style: f.style })) };
  return async (tree) => {
    const svg = await satori(satoriElement(tree) as Parameters<typeof satori>[0], options);
    return sharp(onWhite(svg)).removeAlpha().png(PNG_OPTIONS).toBuffer();
  };
}

/** A module's default export, however the module was loaded. */
function defaultExport<T>(mod: unknown): T {
  let value = mod;
  for (let i = 0; i < 2 && typeof value !== 'function'; i++) value = (value as { default?: unknown }).default;
  if (typeof value !== 'function') throw new Error('satori or sharp did not load as expected');
  return value as T;
}
