/** Drawing a card with the real satori and sharp: a site's card (tests/fixtures/image-site), in its font, as a 1200x630 RGB PNG. */
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cardTree } from '../../../generator/social/cardTree.ts';
import { drawableTree } from '../../../generator/social/cardText.ts';
import { cardDrawer, socialRenderer } from '../../../generator/social/drawSocialImage.ts';
import { loadSocialFonts } from '../../../generator/social/socialFonts.ts';
import site from '../../fixtures/image-site/site.config.ts';

const root = path.resolve(import.meta.dirname, '../../fixtures/image-site');
const { fonts, coverage } = loadSocialFonts(site.socialImages!.fonts, root, path.join(root, 'templates'));
const meta = { name: 'Image site', url: 'https://images.example', language: 'en' };
const card = (title: string) => drawableTree(cardTree(site.socialImages!.card({ title, eyebrow: 'Comparisons' }, meta)), coverage);

describe('cardDrawer', () => {
  it("draws the site's card as an opaque 1200x630 PNG, the same bytes every time", async () => {
    const draw = await cardDrawer(fonts);
    const png = await draw(card('Gamma vs. Google Slides: which one writes on-brand decks?'));
    const { format, width, height, channels } = await sharp(png).metadata();
    expect({ format, width, height, channels }).toEqual({ format: 'png', width: 1200, height: 630, channels: 3 });
    expect((await draw(card('Gamma vs. Google Slides: which one writes on-brand decks?'))).equals(png)).toBe(true);
  }, 30_000);

  it('draws a very long title with emoji and characters the fonts lack without failing', async () => {
    const draw = await cardDrawer(fonts);
    const title = `日本語 🚀 ${'A title that goes on and on '.repeat(12)}✓`;
    const png = await draw(card(title));
    expect((await sharp(png).metadata()).width).toBe(1200);
  }, 30_000);

  it("names satori's and sharp's versions, the painter and the PNG options in the renderer (part of every image's key)", () => {
    const renderer = JSON.parse(socialRenderer()) as Record<string, unknown>;
    expect(renderer.satori).toMatch(/^\d+\.\d+\.\d+$/);
    expect(renderer.sharp).toMatch(/^\d+\.\d+\.\d+$/);
    expect(renderer.size).toEqual([1200, 630]);
    expect(renderer.png).toEqual({ painter: 'layers-1', color: 'rgb', filter: 'none', zlibLevel: 3 });
  });
});
