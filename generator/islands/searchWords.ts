/**
 * The words of a text as the search index stores them and a query looks them up: lower case, accents
 * removed (é -> e), split at anything that is not a letter or a digit. The build (generator/search/)
 * and the browser (searchIndex.ts) use this one function, so both sides cut words alike. Pure.
 */

/** Longer runs of letters (a hash, a URL slug) are cut to this many characters. */
export const MAX_WORD = 32;

export function searchWords(text: string): string[] {
  const plain = text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
  const words = plain.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.map((w) => (w.length > MAX_WORD ? w.slice(0, MAX_WORD) : w));
}
