/**
 * The card painter with the real satori and sharp: cards painted in two layers look as librsvg paints
 * their whole SVG, a card the fill cannot paint is painted by librsvg alone, and a card's bytes do not
 * depend on the cards painted before it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import satori from 'satori';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cardPainter, HEIGHT, WIDTH, type SatoriElement } from '../../../generator/social/paintCard.cjs';
import { pixelDifference } from './pixelDifference.ts';

const fontFile = path.resolve(import.meta.dirname, '../../fixtures/image-site/templates/fonts/inter-latin-700-normal.woff');
const fonts = [{ name: 'Inter', data: readFileSync(fontFile), weight: 700 as const, style: 'normal' as const }];

const div = (style: Record<string, unknown>, ...children: (SatoriElement | string)[]): SatoriElement => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/** A card as sites draw them: a gradient, a rounded logo, a name, a title and a see-through box over the text. */
const card = (title: string, background = 'linear-gradient(135deg, #312e81 0%, #4338ca 55%, #6d28d9 100%)') =>
  div(
    { flexDirection: 'column', justifyContent: 'space-between', boxSizing: 'border-box', width: WIDTH, height: HEIGHT, padding: 72, backgroundImage: background, color: '#ffffff', fontFamily: 'Inter' },
    div({ alignItems: 'center' }, div({ width: 64, height: 64, borderRadius: 14, backgroundColor: '#ffffff' }), div({ fontSize: 40, marginLeft: 24 }, 'Decksmith')),
    div({ fontSize: 64, lineHeight: 1.15, width: 1040, color: 'rgba(252, 211, 77, 0.9)' }, title),
    div({ width: 300, height: 40, backgroundColor: 'rgba(255,255,255,0.5)' }),
  );

/** The SVG satori writes for a card, painted whole by librsvg on white: RGB pixels. */
async function wholeByLibrsvg(element: SatoriElement): Promise<Buffer> {
  const svg = await satori(element as Parameters<typeof satori>[0], { width: WIDTH, height: HEIGHT, fonts });
  const onWhite = svg.replace(/^<svg[^>]*>/, (open) => `${open}<rect width="${WIDTH}" height="${HEIGHT}" fill="#fff"/>`);
  return sharp(Buffer.from(onWhite)).removeAlpha().raw().toBuffer();
}

const pixels = (png: Buffer) => sharp(png).raw().toBuffer();


describe('cardPainter', () => {
  it('paints the text over a kept background as librsvg paints the whole card, within a few levels at the edges', async () => {
    const paint = cardPainter(satori, sharp, fonts);
    for (const title of ['Gamma vs. Google Slides: which one writes on-brand decks?', 'Ünïcödé — “quotes” & symbols: 50% off?']) {
      const element = card(title);
      const diff = pixelDifference(await pixels(await paint(element)), await wholeByLibrsvg(element));
      expect(diff.max).toBeLessThanOrEqual(32);
      expect(diff.mean).toBeLessThan(0.05);
    }
  }, 30_000);

  it('paints a card whose last element only librsvg paints (a rounded box over the title) with librsvg alone: the same pixels', async () => {
    const paint = cardPainter(satori, sharp, fonts);
    const element = card('A title under a rounded box');
    (element.props.children as SatoriElement[]).push(div({ position: 'absolute', left: 600, top: 300, width: 200, height: 200, borderRadius: 40, backgroundColor: '#fcd34d' }));
    const png = await paint(element);
    expect(pixelDifference(await pixels(png), await wholeByLibrsvg(element)).max).toBe(0);
  }, 30_000);

  it("paints a card in the same bytes whatever was painted before it, its background kept or not", async () => {
    const first = await cardPainter(satori, sharp, fonts)(card('The same card'));
    const paint = cardPainter(satori, sharp, fonts);
    // More backgrounds than the painter keeps, then the card again, its background painted anew.
    for (const color of ['#000000', '#111111', '#222222', '#333333', '#444444']) await paint(card(`On ${color}`, `linear-gradient(90deg, ${color}, #ffffff)`));
    expect((await paint(card('The same card'))).equals(first)).toBe(true);
    expect((await paint(card('The same card'))).equals(first)).toBe(true);
  }, 30_000);
});
