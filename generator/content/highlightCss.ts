/**
 * The default colours of highlighted code (highlightCode.ts's `hl-*` classes), added to the site's
 * stylesheet by compileCss.ts. Pure.
 *
 * Every colour comes with the background it is shown on: the block (`pre.hl`) gets its background and
 * text colour from the same palette as its tokens, and every token colour has a contrast of at least
 * 4.5:1 (WCAG AA) on it. The dark palette follows the site's own dark mode, as its stylesheet declares
 * it with `color-scheme`: "light dark" shows it when the reader's system is dark, "dark" always; a site
 * that declares no dark scheme keeps light code blocks in a dark system too. Everything sits in the
 * cascade layer `site-highlight`, so any rule of the site wins over it, and the colours are custom
 * properties on :root (`--hl-background`, `--hl-foreground`, `--hl-<kind>`) a site can set for any theme
 * it has (a `data-theme` attribute, say).
 */
import { HIGHLIGHT_KINDS, type HighlightKind } from './highlightCode.ts';

export interface HighlightPalette {
  background: string;
  foreground: string;
  tokens: Record<HighlightKind, string>;
}

/** GitHub's light colours, a few darkened to keep 4.5:1 on the block's background. */
export const LIGHT_PALETTE: HighlightPalette = {
  background: '#f6f8fa',
  foreground: '#1f2328',
  tokens: {
    keyword: '#cf222e',
    string: '#0a3069',
    'string-expression': '#116329',
    comment: '#57606a',
    constant: '#0550ae',
    function: '#6639ba',
    parameter: '#953800',
    punctuation: '#1f2328',
    link: '#0a3069',
  },
};

/** GitHub's dark colours. */
export const DARK_PALETTE: HighlightPalette = {
  background: '#161b22',
  foreground: '#e6edf3',
  tokens: {
    keyword: '#ff7b72',
    string: '#a5d6ff',
    'string-expression': '#7ee787',
    comment: '#8b949e',
    constant: '#79c0ff',
    function: '#d2a8ff',
    parameter: '#ffa657',
    punctuation: '#e6edf3',
    link: '#a5d6ff',
  },
};

/** Which palettes a site's stylesheet asks for: light only, dark when the system is, or dark only. */
export type ColorScheme = 'light' | 'light dark' | 'dark';

/**
 * The colour scheme a compiled stylesheet declares: a `color-scheme` property that names dark (and light,
 * or not). Read from lightningcss's minified output, where it is written `color-scheme:light dark`.
 */
export function declaredColorScheme(css: string): ColorScheme {
  let scheme: ColorScheme = 'light';
  for (const [, value] of css.matchAll(/color-scheme:([^;}!]*)/g)) {
    const words = value!.trim().split(/\s+/);
    if (!words.includes('dark')) continue;
    if (words.includes('light')) return 'light dark';
    scheme = 'dark';
  }
  return scheme;
}

const variables = (p: HighlightPalette): string =>
  [`--hl-background:${p.background}`, `--hl-foreground:${p.foreground}`, ...HIGHLIGHT_KINDS.map((kind) => `--hl-${kind}:${p.tokens[kind]}`)].join(';');

/**
 * The stylesheet for highlighted code, for a site of this colour scheme. Long lines wrap: a block never
 * scrolls sideways (a scrolling box would need to be keyboard-focusable).
 */
export function highlightCss(scheme: ColorScheme): string {
  const root =
    scheme === 'dark'
      ? `:root{${variables(DARK_PALETTE)}}`
      : `:root{${variables(LIGHT_PALETTE)}}` + (scheme === 'light dark' ? `@media (prefers-color-scheme:dark){:root{${variables(DARK_PALETTE)}}}` : '');
  const block =
    '.hl{background:var(--hl-background);color:var(--hl-foreground);padding:1em 1.25em;border-radius:.5em;white-space:pre-wrap;overflow-wrap:anywhere}' +
    '.hl>code{background:none;color:inherit;padding:0}';
  const tokens = HIGHLIGHT_KINDS.map((kind) => `.hl-${kind}{color:var(--hl-${kind})}`).join('');
  return `@layer site-highlight{${root}${block}${tokens}}`;
}
