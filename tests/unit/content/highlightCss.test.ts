/** generator/content/highlightCss.ts: the default colours of highlighted code, and which palettes a site gets. */
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_KINDS } from '../../../generator/content/highlightCode.ts';
import { DARK_PALETTE, declaredColorScheme, highlightCss, LIGHT_PALETTE, type HighlightPalette } from '../../../generator/content/highlightCss.ts';

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('highlightCss', () => {
  it.each([
    ['light', LIGHT_PALETTE, ['#ffffff', '#f8fafc']],
    ['dark', DARK_PALETTE, ['#0d1117']],
  ] as [string, HighlightPalette, string[]][])('%s: every token colour and the text meet 4.5:1 on the block (and on common page backgrounds)', (_mode, palette, pages) => {
    for (const background of [palette.background, ...pages]) {
      expect(contrast(palette.foreground, background)).toBeGreaterThanOrEqual(4.5);
      for (const kind of HIGHLIGHT_KINDS) expect(contrast(palette.tokens[kind], background), `${kind} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('reads the colour scheme a compiled stylesheet declares', () => {
    expect(declaredColorScheme('body{color:red}')).toBe('light');
    expect(declaredColorScheme(':root{color-scheme:light}')).toBe('light');
    expect(declaredColorScheme(':root{--lightningcss-light:initial;color-scheme:light dark}')).toBe('light dark');
    expect(declaredColorScheme('.x{color-scheme:dark}:root{color-scheme:dark light}')).toBe('light dark');
    expect(declaredColorScheme(':root{color-scheme:only dark}')).toBe('dark');
  });

  it('pairs the block background and text with the token colours of each palette, in a layer the site overrides', () => {
    const light = highlightCss('light');
    expect(light.startsWith('@layer site-highlight{')).toBe(true);
    expect(light).toContain(`--hl-background:${LIGHT_PALETTE.background}`);
    expect(light).not.toContain(DARK_PALETTE.background);
    expect(light).not.toContain('prefers-color-scheme');
    expect(light).toContain('.hl{background:var(--hl-background);color:var(--hl-foreground);');
    for (const kind of HIGHLIGHT_KINDS) expect(light).toContain(`.hl-${kind}{color:var(--hl-${kind})}`);
    // A site with a dark scheme: the dark palette, background and all, when the system is dark.
    const both = highlightCss('light dark');
    expect(both).toContain(`@media (prefers-color-scheme:dark){:root{--hl-background:${DARK_PALETTE.background};--hl-foreground:${DARK_PALETTE.foreground};`);
    expect(highlightCss('dark')).toContain(`:root{--hl-background:${DARK_PALETTE.background}`);
    expect(highlightCss('dark')).not.toContain(LIGHT_PALETTE.background);
  });
});
