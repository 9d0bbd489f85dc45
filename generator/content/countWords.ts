/** What \s matches besides ASCII whitespace (U+00A0, U+1680, U+2000-U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF). */
const isWideSpace = (c: number) =>
  c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;

/**
 * Counts the runs of non-whitespace in s (this runs over every character of every article, so it is a
 * plain loop: no regex, no call per character). `inWord`: whether the text before s ended inside a
 * word, so a word split by markup ("on**brand**") counts once. Returns words * 2, plus 1 when s ends
 * inside a word. Pure; shared by both markdown engines so they count alike.
 */
export function countWords(s: string, inWord = false): number {
  let words = 0;
  let inside = inWord;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const space = c <= 32 ? c === 32 || (c >= 9 && c <= 13) : c >= 0xa0 && isWideSpace(c);
    if (space) inside = false;
    else if (!inside) {
      inside = true;
      words++;
    }
  }
  return words * 2 + (inside ? 1 : 0);
}
