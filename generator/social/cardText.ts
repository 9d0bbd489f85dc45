/**
 * A card's text as its fonts can draw it: characters none of the fonts has a glyph for (an emoji, a
 * script the fonts lack) are left out, and the spaces around them closed up, so a title still reads
 * well instead of showing "no glyph" boxes. Pure.
 */
import type { CardChild, CardNode } from './cardTree.ts';
import { covers, type Coverage } from './fontCoverage.ts';

/** Characters drawn without a glyph of their own: spaces, and what joins or varies others. */
const invisible = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x200d || (c >= 0xfe00 && c <= 0xfe0f);

/** `text` without the characters `coverage` lacks; null when nothing is taken out. */
export function drawableText(text: string, coverage: Coverage): string | null {
  let out = '';
  let dropped = false;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (invisible(c) || (c >= 0x20 && covers(coverage, c))) out += ch;
    else dropped = true;
  }
  if (!dropped) return null;
  // Joiners and variation selectors left alone mean nothing; the spaces around a dropped word close up.
  return out.replace(/[\u200d\ufe00-\ufe0f]+/g, '').replace(/ {2,}/g, ' ').replace(/^ +| +$/g, '');
}

/** The tree with every text run reduced to what `coverage` can draw (the same tree when nothing changes). */
export function drawableTree(node: CardNode, coverage: Coverage): CardNode {
  const kids = node.props.children;
  if (!kids) return node;
  let changed = false;
  const next: CardChild[] = [];
  for (const kid of kids) {
    const mapped = typeof kid === 'string' ? (drawableText(kid, coverage) ?? kid) : drawableTree(kid, coverage);
    if (mapped !== kid) changed = true;
    if (mapped !== '') next.push(mapped);
  }
  if (!changed) return node;
  const props = { ...node.props };
  if (next.length) props.children = next;
  else delete props.children;
  return { type: node.type, props };
}
