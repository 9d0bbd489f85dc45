/**
 * Every route of a multilingual site with its locale and its translations: routes share a translation
 * key (the route's `translationKey`, else its entry's `translationKey` field, else its path without the
 * locale prefix) and differ in locale. A fallback entry's page is noindex with its canonical on the
 * original's page, and no other page names it as a translation. Pure.
 */
import type { Alternate, I18nOptions, Route } from '../site/defineConfig.ts';
import { prefixOf, unprefixedPath } from './localePath.ts';

const localeOfRoute = (i18n: I18nOptions, r: Route): string => r.locale ?? r.entry?.locale ?? prefixOf(i18n, r.path) ?? i18n.defaultLocale;

const keyOfRoute = (i18n: I18nOptions, r: Route): string => {
  const fromEntry = (r.entry as { translationKey?: unknown } | undefined)?.translationKey;
  return r.translationKey ?? (typeof fromEntry === 'string' ? `entry:${fromEntry}` : unprefixedPath(i18n, r.path));
};

export function linkTranslations<R extends Route>(i18n: I18nOptions, routes: readonly R[]): R[] {
  const codes = Object.keys(i18n.locales);
  const located = routes.map((r) => {
    const locale = localeOfRoute(i18n, r);
    return { ...r, locale, translationKey: keyOfRoute(i18n, r), ...(r.entry?.fallback && r.indexable ? { indexable: false } : {}) };
  });
  const groups = new Map<string, R[]>();
  for (const r of located) {
    if (r.file === '404.html') continue;
    const group = groups.get(r.translationKey) ?? [];
    if (!group.some((g) => g.locale === r.locale)) group.push(r);
    groups.set(r.translationKey, group);
  }
  return located.map((r) => {
    const group = (groups.get(r.translationKey) ?? []).slice().sort((a, b) => codes.indexOf(a.locale!) - codes.indexOf(b.locale!));
    if (group.length === 0) return r;
    const alternates: Alternate[] = group.map((g) => {
      const { lang, label } = i18n.locales[g.locale!]!;
      return { locale: g.locale!, lang, label, path: g.path, current: g.path === r.path, indexable: g.indexable, xDefault: g.locale === i18n.defaultLocale };
    });
    const original = r.entry?.fallback ? group.find((g) => g.locale === r.entry!.fallback) : undefined;
    return { ...r, alternates, ...(original ? { canonical: original.path } : {}) };
  });
}
