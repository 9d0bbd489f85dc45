/**
 * The words a reader sees in an entry's rendered body, each once, for the search index: the HTML's text
 * without tags, with its character references decoded. What the shards compute right after rendering an
 * article and the build cache keeps by the entry's hash (search/makeSearchIndex.ts). Pure.
 */
import { searchWords } from '../islands/searchWords.ts';

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Tags of elements inside a line of text: they join what is on either side ("on<em>brand</em>" is one word). */
const INLINE = /<\/?(?:a|abbr|b|code|del|em|i|ins|kbd|mark|s|small|span|strong|sub|sup|u)(?:\s[^>]*)?>/gi;

/** The text of a fragment of HTML: other tags become spaces (words in two cells stay two words), references are decoded. */
export function htmlText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(INLINE, '')
    .replace(/<[^>]*>/g, ' ');
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (all, ref: string) => {
    if (ref[0] !== '#') return named[ref.toLowerCase()] ?? all;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
  });
}

/** The distinct words of a rendered body, space-separated (in the order first seen). */
export function bodyWords(html: string): string {
  return [...new Set(searchWords(htmlText(html)))].join(' ');
}
