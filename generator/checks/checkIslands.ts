/**
 * Every island a page shows has its widget: an <Island name="X"> with no widgets/islands/X.tsx would
 * only log an error in the browser, so a build fails on it instead (IslandUnknown: the page, its
 * template, and the nearest island name the site has). Pure.
 */
import type { PageIslands } from '../assets/jsBudget.ts';
import { SiteError } from '../core/errors.ts';
import type { Route } from '../site/defineConfig.ts';
import { nearestName } from '../core/nearestName.ts';

export function checkIslands(pages: readonly { url: string; islands: PageIslands[] }[], known: Iterable<string>, routes: readonly Route[]): void {
  const names = new Set(known);
  for (const page of pages) {
    const missing = page.islands.find((i) => !names.has(i.name));
    if (!missing) continue;
    const template = routes.find((r) => r.path === page.url)?.template ?? '(unknown)';
    const near = nearestName(missing.name, [...names]);
    throw new SiteError('IslandUnknown', { name: missing.name, route: page.url, template, ...(near ? { near } : {}), known: [...names].sort() });
  }
}
