/**
 * JavaScript cost per page from the widget bundle's metafile, and the
 * budgets it must meet. Pure.
 *   loader            <= 3 KB gzip
 *   initial (content) <= 5 KB gzip: what a content page can run with no interaction (its first load)
 *   total             <= 120 KB gzip: everything any page can load
 */
import type { WidgetBundle } from './bundleWidgets.ts';

export interface JsBudgets {
  loader: number;
  /** What a page of `contentTemplates` may load with no interaction: its first load (see firstLoad). */
  initialContentPage: number;
  total: number;
  /** Templates of pages that are read, not used (articles, legal texts): held to initialContentPage. */
  contentTemplates: string[];
}

export const budgets: JsBudgets = { loader: 3 * 1024, initialContentPage: 5 * 1024, total: 120 * 1024, contentTemplates: [] };

/** An island on a page: its data-island name and data-hydrate strategy ("load" when absent); summarizePage finds them. */
export interface PageIslands {
  name: string;
  hydrate: string;
}

/**
 * A file and everything it imports statically, transitively; with
 * `dynamic`, also what it can import later (an island's lazy supabase-js).
 */
export function closure(bundle: WidgetBundle, files: string[], dynamic = false): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    seen.add(f);
    for (const i of bundle.staticImports.get(f) ?? []) visit(i);
    if (dynamic) for (const i of bundle.dynamicImports.get(f) ?? []) visit(i);
  };
  files.forEach(visit);
  return seen;
}

/**
 * Whether an island's code counts toward its page's first load. Every strategy but "interaction" can
 * wake with no visitor action: "load" at once, "idle" a moment later, and "visible" as soon as the
 * island is in view, which the build cannot rule out for a first paint (it does not know the viewport).
 */
export const firstLoad = (hydrate: string): boolean => hydrate !== 'interaction';

const sum = (bundle: WidgetBundle, files: Set<string>) => [...files].reduce((n, f) => n + (bundle.gzip.get(f) ?? 0), 0);

export interface PageJsCost {
  /** The loader plus the islands that can wake with no interaction (firstLoad). */
  initial: number;
  /** Everything the page's islands can ever load. */
  total: number;
}

export function pageJsCost(bundle: WidgetBundle, islands: PageIslands[]): PageJsCost {
  const loader = bundle.loader.slice(1);
  const chunk = (n: string) => bundle.islandChunks.get(n);
  const eager = islands.filter((i) => firstLoad(i.hydrate)).map((i) => chunk(i.name)).filter((f): f is string => !!f);
  const all = islands.map((i) => chunk(i.name)).filter((f): f is string => !!f);
  const total = new Set([...closure(bundle, [loader]), ...closure(bundle, all, true)]);
  return { initial: sum(bundle, closure(bundle, [loader, ...eager])), total: sum(bundle, total) };
}
