/**
 * The engine's side of the route table: the site builds its routes
 * (site.config.ts `routes`), the engine checks that no two write one file
 * and offers the helpers most route tables need (pages of a listing, a
 * listing split by a field). Pure.
 */
import { SiteError } from './core/errors.ts';
import { fileForPath } from './seo/absoluteUrl.ts';

export { fileForPath };

export function assertDistinctFiles(routes: { path: string; file: string }[]): void {
  const byFile = new Map<string, string>();
  for (const r of routes) {
    const key = r.file.toLowerCase();
    const other = byFile.get(key);
    if (other) throw new SiteError('RouteFileCollision', { file: r.file, routes: [other, r.path] });
    byFile.set(key, r.path);
  }
}

/** One page of a paginated listing. */
export interface Pagination<T> {
  items: T[];
  /** 1-based. */
  page: number;
  pages: number;
  path: string;
  previous?: string;
  next?: string;
}

/**
 * Splits `items` into pages of `size`: the first at `base`, the others at `${base}/page/<n>` (Hugo's and
 * Astro's scheme). An empty list still has its first page.
 */
export function paginate<T>(items: T[], size: number, base: string): Pagination<T>[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`page size must be a whole number of at least 1, not ${size}`);
  const pages = Math.max(1, Math.ceil(items.length / size));
  const pathOf = (n: number) => (n === 1 ? base : `${base === '/' ? '' : base}/page/${n}`);
  return Array.from({ length: pages }, (_, i) => ({
    items: items.slice(i * size, (i + 1) * size),
    page: i + 1,
    pages,
    path: pathOf(i + 1),
    ...(i > 0 ? { previous: pathOf(i) } : {}),
    ...(i + 1 < pages ? { next: pathOf(i + 2) } : {}),
  }));
}

/**
 * The items split by `key` (a category, a tag, a year), each group in the items' order; the groups in the
 * order their first item comes. Linear: route tables call it on lists of thousands.
 */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
