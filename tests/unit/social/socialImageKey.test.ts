/** An image's key (card, fonts, renderer) and its output file name. */
import { describe, expect, it } from 'vitest';
import { cardTree } from '../../../generator/social/cardTree.ts';
import { socialImageFile, socialImageKey, socialSlug } from '../../../generator/social/socialImageKey.ts';

const card = (title: string) => cardTree({ type: 'div', props: { style: { display: 'flex' }, children: title } });

describe('socialImageKey', () => {
  it('is the same for the same card, fonts and renderer, in every process', () => {
    expect(socialImageKey(card('A'), 'fonts', 'renderer')).toBe(socialImageKey(card('A'), 'fonts', 'renderer'));
    expect(socialImageKey(card('A'), 'fonts', 'renderer')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('changes with the card, the fonts or the renderer', () => {
    const base = socialImageKey(card('A'), 'fonts', 'renderer');
    expect(socialImageKey(card('B'), 'fonts', 'renderer')).not.toBe(base);
    expect(socialImageKey(card('A'), 'other fonts', 'renderer')).not.toBe(base);
    expect(socialImageKey(card('A'), 'fonts', 'sharp 0.36')).not.toBe(base);
    const styled = cardTree({ type: 'div', props: { style: { display: 'flex', color: 'red' }, children: 'A' } });
    expect(socialImageKey(styled, 'fonts', 'renderer')).not.toBe(base);
  });
});

describe('socialImageFile', () => {
  const key = 'abcdef0123456789'.repeat(4);

  it("is assets/social/<the route's slug>-<the key's first 8 hex digits>.png", () => {
    expect(socialImageFile('/blog/my-post', key)).toBe('assets/social/blog-my-post-abcdef01.png');
    expect(socialImageFile('/', key)).toBe('assets/social/index-abcdef01.png');
  });

  it('makes a file name of any path', () => {
    expect(socialSlug('/Docs/Guides/Install Now/')).toBe('docs-guides-install-now');
    expect(socialSlug('/blog/ü-über')).toBe('blog-ber');
    expect(socialSlug('/%%%')).toBe('index');
    expect(socialSlug(`/${'a'.repeat(200)}`)).toHaveLength(80);
  });

  it('gives a second key with the same slug and first digits more digits, and the same key the same file', () => {
    const other = `${key.slice(0, 8)}${'9'.repeat(56)}`;
    const taken = new Map([[socialImageFile('/x', key), key]]);
    expect(socialImageFile('/x', key, taken)).toBe('assets/social/x-abcdef01.png');
    expect(socialImageFile('/x', other, taken)).toBe('assets/social/x-abcdef019999.png');
  });
});
