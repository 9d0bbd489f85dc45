/**
 * Where a locale's pages live: its code as the first path segment ("/de/blog"), except the default
 * locale's unless `prefixDefault`. Pure.
 */
import type { I18nOptions } from '../site/defineConfig.ts';

/** The path of `path` (as the default locale's unprefixed page would have it) in locale `code`. */
export function localePath(i18n: I18nOptions, code: string, path: string): string {
  if (code === i18n.defaultLocale && !i18n.prefixDefault) return path;
  return path === '/' ? `/${code}` : `/${code}${path}`;
}

/** The locale a path's first segment names, if any. */
export function prefixOf(i18n: I18nOptions, path: string): string | undefined {
  const first = path.split('/')[1] ?? '';
  return Object.hasOwn(i18n.locales, first) ? first : undefined;
}

/** A path without its locale prefix ("/de/blog" -> "/blog", "/de" -> "/"). */
export function unprefixedPath(i18n: I18nOptions, path: string): string {
  const code = prefixOf(i18n, path);
  return code === undefined ? path : path.slice(code.length + 1) || '/';
}
