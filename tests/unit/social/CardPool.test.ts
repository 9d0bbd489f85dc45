/** The build's card workers: cards are drawn off the main thread, the same bytes whichever worker drew them, and as site dev draws them. */
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CardPool } from '../../../generator/social/CardPool.ts';
import { cardTree } from '../../../generator/social/cardTree.ts';
import { drawableTree } from '../../../generator/social/cardText.ts';
import { cardDrawer } from '../../../generator/social/drawSocialImage.ts';
import { loadSocialFonts } from '../../../generator/social/socialFonts.ts';
import site from '../../fixtures/image-site/site.config.ts';

const root = path.resolve(import.meta.dirname, '../../fixtures/image-site');
const { fonts, coverage } = loadSocialFonts(site.socialImages!.fonts, root, path.join(root, 'templates'));
const meta = { name: 'Image site', url: 'https://images.example', language: 'en' };
const card = (title: string) => drawableTree(cardTree(site.socialImages!.card({ title, eyebrow: 'Comparisons' }, meta)), coverage);
const titles = ['Gamma vs. Google Slides', 'Decks that write themselves on-brand', 'One template library for every team', 'Why slides still matter'];

describe('CardPool', () => {
  it('draws every card in a worker thread, two workers sharing the cards, in the bytes one worker and this thread draw', async () => {
    const two = new CardPool(fonts, 2);
    const one = new CardPool(fonts, 1);
    try {
      const byTwo = await Promise.all(titles.map((t, i) => two.draw(i, card(t))));
      const byOne = await Promise.all(titles.map((t, i) => one.draw(i, card(t))));
      const workers = new Set(byTwo.map((c) => c.by));
      expect(workers.size).toBe(2);
      expect(workers.has(threadId)).toBe(false);
      expect(byOne.every((c) => !workers.has(c.by) && c.by !== threadId)).toBe(true);
      const draw = await cardDrawer(fonts);
      for (const [i, t] of titles.entries()) {
        expect(byTwo[i]!.png.equals(byOne[i]!.png)).toBe(true);
        expect((await draw(card(t))).equals(byTwo[i]!.png)).toBe(true);
      }
      const { format, width, height, channels } = await sharp(byTwo[0]!.png).metadata();
      expect({ format, width, height, channels }).toEqual({ format: 'png', width: 1200, height: 630, channels: 3 });
      // Drawn again by the other worker: the same bytes (nothing in a card depends on what its worker drew before).
      expect((await two.draw(1, card(titles[0]!))).png.equals(byTwo[0]!.png)).toBe(true);
    } finally {
      two.close();
      one.close();
    }
  }, 60_000);

  it("answers a card satori cannot draw with satori's error, and draws the next card", async () => {
    const pool = new CardPool(fonts, 1);
    try {
      const bad = { type: 'img', props: { src: 'logo.png', width: 10, height: 10 } };
      await expect(pool.draw(0, bad)).rejects.toThrow('Image source must be an absolute URL: logo.png');
      expect((await pool.draw(0, card('Still drawing'))).png.byteLength).toBeGreaterThan(1000);
    } finally {
      pool.close();
    }
  }, 60_000);

  it('starts one worker per core at most, and one for a handful of cards', () => {
    expect(CardPool.workersFor(3)).toBe(1);
    expect(CardPool.workersFor(4000)).toBeGreaterThanOrEqual(1);
  });
});
