/**
 * What a template knows of its page's locale (RenderContext.locale): code, language, direction, label,
 * the page's translations, its UI strings (`t`, StringMissing for a key its file lacks) and dates and
 * numbers in its own words (Intl). Pure; the strings are read through `strings()` when first asked for,
 * so a page that shows none does not depend on them.
 */
import { SiteError } from '../core/errors.ts';
import type { EntryMeta, I18nOptions, PageLocale, Route } from '../site/defineConfig.ts';
import { stringsOf } from './checkStrings.ts';

export interface StringsSource {
  /** The strings collection's folder. */
  dir: string;
  /** Its entries (read when a template first asks for a string). */
  entries: () => readonly EntryMeta[];
}

export function pageLocale(i18n: I18nOptions, route: Route, source?: StringsSource): PageLocale {
  const code = route.locale ?? i18n.defaultLocale;
  const { lang, label, dir = 'ltr' } = i18n.locales[code]!;
  let strings: { file: string; strings?: Record<string, unknown> } | undefined;
  return {
    code,
    lang,
    dir,
    label,
    alternates: route.alternates ?? [],
    t: (key) => {
      strings ??= source ? stringsOf(i18n, source.dir, source.entries(), code) : { file: '(no i18n.strings collection)' };
      const value = strings.strings?.[key];
      if (typeof value !== 'string') throw new SiteError('StringMissing', { locale: code, key, file: strings.file, exists: strings.strings !== undefined });
      return value;
    },
    formatDate: (date, options) =>
      new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC', ...options }).format(typeof date === 'string' ? new Date(date) : date),
    formatNumber: (n, options) => new Intl.NumberFormat(lang, options).format(n),
  };
}
