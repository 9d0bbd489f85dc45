/**
 * The content of a multilingual site as its routes see it: each translated list collection's entries
 * with their locale (and fallback entries: localizeEntries.ts), in the collection's order, and the strings
 * collection checked for gaps (checkStrings.ts). Returns a new record of collections. Pure.
 */
import { sortEntries } from '../content/load.ts';
import type { Collection, EntryMeta, I18nOptions, ListCollection } from '../site/defineConfig.ts';
import { checkStrings } from './checkStrings.ts';
import { localizeEntries } from './localizeEntries.ts';

export function localizeCollections(i18n: I18nOptions, defs: Record<string, Collection>, collections: Record<string, unknown>): Record<string, unknown> {
  const out = { ...collections };
  const lists = Object.entries(defs).filter((e): e is [string, ListCollection] => e[1].kind === 'list');
  const translated = i18n.collections ?? lists.map(([name]) => name).filter((name) => name !== i18n.strings);
  for (const [name, list] of lists) {
    const entries = collections[name] as EntryMeta[];
    if (name === i18n.strings) {
      checkStrings(i18n, list.dir, entries);
      out[name] = entries.map((e) => (Object.hasOwn(i18n.locales, e.slug) ? { ...e, locale: e.slug } : e));
    } else if (translated.includes(name)) out[name] = sortEntries(list, localizeEntries(i18n, entries));
  }
  return out;
}
