/** What a reader sees of one run of inline tokens: its words, its plain text, and where its images are. */
import type { Token } from 'markdown-it';
import { countWords } from '../countWords.ts';
import type { ImageMeta } from './siteEnv.ts';

/**
 * The words a reader sees in one run of inline tokens: no markup, no link URLs, no image alt text, no
 * raw HTML (already removed). Line breaks separate words; markup between two runs of text does not.
 */
export function visibleWords(children: Token[]): number {
  let words = 0;
  let inWord = false;
  for (const t of children) {
    // An image's alt text is in its own children, not in this run, so it is not counted.
    if (t.type === 'text' || t.type === 'code_inline') {
      const counted = countWords(t.content, inWord);
      words += counted >> 1;
      inWord = (counted & 1) === 1;
    } else if (t.type === 'softbreak' || t.type === 'hardbreak') inWord = false;
  }
  return words;
}

/** The plain text of a heading's inline run (visibleWords' text), for its id and the table of contents. */
export function visibleText(children: Token[]): string {
  let text = '';
  for (const t of children) {
    if (t.type === 'text' || t.type === 'code_inline') text += t.content;
    else if (t.type === 'softbreak' || t.type === 'hardbreak') text += ' ';
  }
  return text;
}

/** Notes each image of an inline run's line (its block's first line plus the line breaks before it) and place. */
export function noteImages(children: Token[], firstLine: number, priority: boolean): void {
  let line = firstLine;
  for (const t of children) {
    if (t.type === 'softbreak' || t.type === 'hardbreak') line++;
    else if (t.type === 'image') t.meta = { line, priority } satisfies ImageMeta;
  }
}
