/** A card's text as its fonts can draw it, with Inter (the image-site fixture's templates/fonts/) as the font. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { drawableTree, drawableText } from '../../../generator/social/cardText.ts';
import { covers, fontCoverage, unionCoverage } from '../../../generator/social/fontCoverage.ts';

const inter = fontCoverage(readFileSync(new URL('../../fixtures/image-site/templates/fonts/inter-latin-700-normal.woff', import.meta.url)));

describe('fontCoverage', () => {
  it("reads a WOFF font's character map: Latin, accents and typographic punctuation, no emoji or CJK", () => {
    for (const ch of ['A', 'z', '0', 'é', 'Ü', '—', '’', '€', '…']) expect(covers(inter, ch.codePointAt(0)!), ch).toBe(true);
    for (const ch of ['→', '✓', '😀', '日', 'Ж']) expect(covers(inter, ch.codePointAt(0)!), ch).toBe(false);
  });

  it('joins the characters of several fonts', () => {
    const joined = unionCoverage([[[65, 70]], [[71, 80], [100, 100]]]);
    expect(joined).toEqual([[65, 80], [100, 100]]);
  });

  it('refuses a file that is no font', () => {
    expect(() => fontCoverage(Buffer.from('wOFF not really a font at all, just text of some length'))).toThrow();
  });
});

describe('drawableText', () => {
  it('leaves text the font can draw as it is (null: nothing taken out)', () => {
    expect(drawableText('Gamma vs. Google Slides — 2025’s “best” €9 deal…', inter)).toBeNull();
  });

  it('takes out what it cannot draw and closes up the spaces', () => {
    expect(drawableText('Launch 🚀 day', inter)).toBe('Launch day');
    expect(drawableText('👩‍💻 Developers ✓', inter)).toBe('Developers');
    expect(drawableText('日本語', inter)).toBe('');
  });

  it('reduces every text run of a tree, dropping runs left empty', () => {
    const tree = { type: 'div', props: { style: { display: 'flex' }, children: [{ type: 'span', props: { children: ['日本'] } }, 'Title ✓'] } };
    expect(drawableTree(tree, inter)).toEqual({ type: 'div', props: { style: { display: 'flex' }, children: [{ type: 'span', props: {} }, 'Title'] } });
    const clean = { type: 'div', props: { children: ['Fine'] } };
    expect(drawableTree(clean, inter)).toBe(clean);
  });
});
