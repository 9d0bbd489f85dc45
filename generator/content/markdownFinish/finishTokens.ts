import type { StateCore } from 'markdown-it';
import { countWords } from '../countWords.ts';
import { headingIds } from '../headingIds.ts';
import { cleanInline } from './cleanInline.ts';
import { markerIndex } from '../components/placeComponents.ts';
import { noteImages, visibleText, visibleWords } from './inlineText.ts';
import type { SiteEnv } from './siteEnv.ts';

/**
 * The site's core rule, after every other one (footnotes moved, autolinks made), in one pass over the
 * tokens: drops raw HTML (an article component's marker becomes its token), cleans each inline run (cleanInline), gives top-level headings unique ids and
 * lists them, turns table alignment into align attributes (the strict CSP forbids style), notes each
 * image's line and place, and counts the words a reader sees (text and code; blocks are separated).
 */
export function finishTokens(state: StateCore): void {
  const env = state.env as SiteEnv;
  const idFor = headingIds();
  const tokens = state.tokens;
  let words = 0;
  let w = 0;
  /** Still in the body's first block (its images are above the fold). */
  let firstBlock = true;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    switch (t.type) {
      case 'html_block': {
        // Raw HTML is dropped (not copied to tokens[w]); a component's marker becomes its token.
        const call = env.components ? markerIndex(t.content) : -1;
        if (call < 0) continue;
        t.type = 'site_component';
        t.meta = call;
        break;
      }
      case 'inline': {
        if (!t.children) break;
        cleanInline(t.children);
        noteImages(t.children, (t.map?.[0] ?? 0) + 1, firstBlock);
        words += visibleWords(t.children);
        const h = w > 0 ? tokens[w - 1] : undefined; // the last token kept
        // Only top-level headings get an id: not those inside lists, quotes or footnotes.
        if (h?.type === 'heading_open' && h.level === 0) {
          const text = visibleText(t.children);
          const id = idFor(text);
          h.attrSet('id', id);
          env.headings.push({ depth: Number(h.tag.slice(1)), text, id });
        }
        break;
      }
      case 'fence':
      case 'code_block':
        words += countWords(t.content) >> 1;
        break;
      case 'th_open':
      case 'td_open': {
        const style = t.attrGet('style');
        if (style) t.attrs = [['align', style.replace(/^text-align:/, '')]];
        break;
      }
    }
    if (t.level === 0 && t.nesting <= 0) firstBlock = false;
    tokens[w++] = t;
  }
  tokens.length = w;
  env.words = words;
}
