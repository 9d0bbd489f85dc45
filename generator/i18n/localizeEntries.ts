/**
 * A translated list collection's entries with their locale: `post.de.md` is the entry "post" in locale
 * de, `post.md` the same entry in the default locale (an explicit `translationKey` front-matter field
 * links entries whose slugs differ). A key a locale lacks fails (`fallback: 'error'`: TranslationMissing)
 * or gets a fallback entry in that locale (`fallback: 'page'`): the original's fields, `fallback` naming
 * the locale it shows. Pure.
 */
import { SiteError } from '../core/errors.ts';
import type { EntryMeta, I18nOptions } from '../site/defineConfig.ts';
import { entryLocale } from './entryLocale.ts';

/** What links an entry to its translations. */
export const translationKeyOf = (e: EntryMeta): string => (typeof (e as { translationKey?: unknown }).translationKey === 'string' ? (e as unknown as { translationKey: string }).translationKey : e.slug);

export function localizeEntries<E extends EntryMeta>(i18n: I18nOptions, entries: readonly E[]): E[] {
  const codes = Object.keys(i18n.locales);
  const localized = entries.map((e) => ({ ...e, ...entryLocale(i18n, e.slug) }));
  const byKey = new Map<string, Map<string, E>>();
  for (const e of localized) {
    const key = translationKeyOf(e);
    const group = byKey.get(key) ?? new Map<string, E>();
    const twin = group.get(e.locale);
    if (twin) throw new SiteError('ContentDuplicateSlug', { slug: `${key} (${e.locale})`, files: [twin.file, e.file] });
    group.set(e.locale, e);
    byKey.set(key, group);
  }
  const fallbacks: E[] = [];
  for (const group of byKey.values()) {
    // The original: the default locale's entry, else the first locale's in the config's order that has one.
    const original = group.get(i18n.defaultLocale) ?? codes.map((c) => group.get(c)).find((e) => e !== undefined)!;
    for (const code of codes) {
      if (group.has(code)) continue;
      if (i18n.fallback === 'error') throw new SiteError('TranslationMissing', { entry: original.file, locale: code });
      fallbacks.push({ ...original, locale: code, fallback: original.locale });
    }
  }
  return [...localized, ...fallbacks];
}
