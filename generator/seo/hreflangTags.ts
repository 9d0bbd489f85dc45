/**
 * The translations a page names (multilingual sites): `<link rel="alternate" hreflang>` to each
 * indexable translation, itself included, and `x-default` to the default locale's; and the Open Graph
 * locales of the others. A page that is not indexable (a fallback page, a preview) names none. Pure.
 */
import type { Alternate, Route } from '../site/defineConfig.ts';
import { absoluteUrl } from './absoluteUrl.ts';
import { ogLocale } from './ogLocale.ts';

/** The alternates search engines should see from a page: none from a page that is not indexable, nor from one with no other translation. */
export function indexableAlternates(route: Route): Alternate[] {
  const alternates = route.indexable ? (route.alternates ?? []).filter((a) => a.indexable) : [];
  return alternates.length > 1 ? alternates : [];
}

/** hreflang -> absolute URL, in the locales' order, then x-default. */
export function hreflangLinks(route: Route, siteUrl: string): { hreflang: string; href: string }[] {
  const alternates = indexableAlternates(route);
  if (alternates.length === 0) return [];
  const links = alternates.map((a) => ({ hreflang: a.lang, href: absoluteUrl(siteUrl, a.path) }));
  const fallback = alternates.find((a) => a.xDefault);
  return fallback ? [...links, { hreflang: 'x-default', href: absoluteUrl(siteUrl, fallback.path) }] : links;
}

/** og:locale:alternate values: the other translations' Open Graph locales. */
export const ogLocaleAlternates = (route: Route): string[] =>
  indexableAlternates(route)
    .filter((a) => !a.current)
    .map((a) => ogLocale(a.lang));
