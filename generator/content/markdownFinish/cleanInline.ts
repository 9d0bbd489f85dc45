import type { Token } from 'markdown-it';
import { validateLink } from './validateLink.ts';

/** GFM links bare URLs only with a scheme or "www."; linkify-it alone would also link "Beautiful.ai". */
const gfmAutolink = /^(?:https?:\/\/|www\.)/i;

/**
 * One inline run without raw HTML, with strikethrough as <del>, without refused URLs (a link keeps its
 * text, an image its alt), and with autolinks only where GFM would make them (in place).
 */
export function cleanInline(children: Token[]): void {
  let w = 0;
  for (let i = 0; i < children.length; i++) {
    const t = children[i]!;
    if (t.type === 'html_inline') continue;
    if (t.type === 's_open' || t.type === 's_close') t.tag = 'del'; // GFM strikethrough is <del>, as before
    if (t.type === 'link_open' || t.type === 'image') {
      // A refused URL loses its attribute; the link text (or image alt) stays.
      const attr = t.type === 'image' ? 'src' : 'href';
      const url = t.attrGet(attr);
      if (url !== null && !validateLink(url)) t.attrs = t.attrs?.filter(([name]) => name !== attr) ?? null;
    }
    if (t.type === 'link_open' && t.markup === 'linkify') {
      const label = children[i + 1];
      const href = t.attrGet('href') ?? '';
      if (label?.type === 'text' && !gfmAutolink.test(label.content) && !href.startsWith('mailto:')) {
        children[w++] = label; // plain text again; skip the link_close after it
        i += 2;
        continue;
      }
    }
    children[w++] = t;
  }
  children.length = w;
}
