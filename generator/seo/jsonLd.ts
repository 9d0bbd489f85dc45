/**
 * Structured data helpers for sites (their jsonLd hook picks the types a
 * page carries): the breadcrumb list every page with a trail shares, and
 * the serializer. Pure; `serializeJsonLd` escapes "<" so a value can never
 * close the script.
 */
import type { BreadcrumbList, WithContext } from 'schema-dts';
import type { Route } from '../site/defineConfig.ts';

/** A BreadcrumbList of the route's trail, or null for a trail shorter than two steps. */
export function breadcrumbList(route: Pick<Route, 'breadcrumbs'>, url: (path: string) => string): WithContext<BreadcrumbList> | null {
  if (route.breadcrumbs.length < 2) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: route.breadcrumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: url(c.path) })),
  };
}

/** JSON for a <script type="application/ld+json"> block; "<" cannot break out. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
