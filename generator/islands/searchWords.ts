/**
 * The words of a text as the search index stores them and a query looks them up: lower case, accents
 * removed (é -> e), split at anything that is not a letter or a digit. The build (generator/search/)
 * and the browser (searchIndex.ts) use this one function, so both sides cut words alike. Pure.
 */

/** Longer runs of letters (a hash, a URL slug) are cut to this many characters. */
export const MAX_WORD = 32;

export function searchWords(text: string): string[] {
  // Plain ASCII (most text, and every article of some sites) needs neither normalizing nor Unicode classes.
  const words = /^[\x00-\x7f]*$/.test(text)
    ? text.toLowerCase().match(/[a-z0-9]+/g)
    : text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu);
  if (!words) return [];
  for (let i = 0; i < words.length; i++) if (words[i]!.length > MAX_WORD) words[i] = words[i]!.slice(0, MAX_WORD);
  return words;
}
