/**
 * An entry's locale from its slug's last dot-separated part ("post.de" -> de, "post"), when that part is
 * one of the site's locales; else the default locale. Pure.
 */
import type { I18nOptions } from '../site/defineConfig.ts';

export function entryLocale(i18n: I18nOptions, slug: string): { slug: string; locale: string } {
  const dot = slug.lastIndexOf('.');
  const suffix = dot < 0 ? '' : slug.slice(dot + 1);
  if (dot > 0 && Object.hasOwn(i18n.locales, suffix)) return { slug: slug.slice(0, dot), locale: suffix };
  return { slug, locale: i18n.defaultLocale };
}
