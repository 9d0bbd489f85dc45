/**
 * Draws a card as a PNG on this thread (paintCard.cjs: satori, then its two layers); a build draws its cards in
 * worker threads instead (CardPool.ts), with the same code. The PNG is opaque RGB on white (a card with
 * see-through parts shows white there): a white rectangle under the card costs less than sharp's
 * flatten, and RGB is an eighth smaller than RGBA. `socialRenderer()` names everything besides the card
 * and the fonts that decides the bytes (the painter's version among them): it is part of every image's key.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { generatorRoot } from '../cache/sourceKey.ts';
import { satoriElement, type CardNode } from './cardTree.ts';
import { cardPainter, PNG_OPTIONS } from './paintCard.cjs';
import type { LoadedFont } from './socialFonts.ts';
import { SOCIAL_HEIGHT, SOCIAL_WIDTH } from './socialImageKey.ts';

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

/** A function that draws cards with these fonts, on this thread (`site dev` draws a card when it is asked for). */
export async function cardDrawer(fonts: readonly LoadedFont[]): Promise<DrawCard> {
  // Loaded with import(): each bundle of the generator resolves them its own way (selfBundle.mjs).
  const [satori, sharp] = await Promise.all([import('satori'), import('sharp')]);
  const paint = cardPainter(satori, sharp, fonts);
  return (tree) => paint(satoriElement(tree));
}
