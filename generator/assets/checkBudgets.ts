/**
 * The JavaScript size report and its budgets, from the widget bundle's
 * metafile and the islands each rendered page carries (its PageSummary's
 * `islands`, found by generator/checks/summarizePage.ts). Throws
 * BudgetExceeded when a budget is broken. Pure.
 */
import { SiteError } from '../core/errors.ts';
import type { Route } from '../site/defineConfig.ts';
import type { WidgetBundle } from './bundleWidgets.ts';
import { budgets as defaults, closure, pageJsCost, type JsBudgets, type PageIslands, type PageJsCost } from './jsBudget.ts';

export interface JsReport {
  /** The budgets in force: the engine's defaults with the site's `budgets` over them. */
  budgets: JsBudgets;
  loader: number;
  /** Island name -> gzip bytes of its chunk plus all it can import (lazily too) that the loader does not. */
  islands: Record<string, number>;
  /** Page URL -> its cost; `content` when its template is one of `contentTemplates` (held to initialContentPage). */
  pages: Record<string, PageJsCost & { content?: true }>;
}

/** A page as the budgets see it; a PageSummary is one. */
export interface BudgetedPage {
  url: string;
  islands: PageIslands[];
}

export function checkBudgets(bundle: WidgetBundle, pages: BudgetedPage[], routes: Route[], site: Partial<JsBudgets> = {}): JsReport {
  const { pageBytes: _, ...own } = site as Partial<JsBudgets> & { pageBytes?: number };
  const budgets: JsBudgets = { ...defaults, ...own };
  // Pages whose first paint must stay nearly script-free.
  const contentTemplates = new Set(budgets.contentTemplates);
  const loaderFiles = closure(bundle, [bundle.loader.slice(1)]);
  const sum = (files: Iterable<string>) => [...files].reduce((n, f) => n + (bundle.gzip.get(f) ?? 0), 0);
  const loader = sum(loaderFiles);
  const islands: Record<string, number> = {};
  for (const [name, chunk] of bundle.islandChunks) {
    islands[name] = sum([...closure(bundle, [chunk], true)].filter((f) => !loaderFiles.has(f)));
  }
  const report: JsReport = { budgets, loader, islands, pages: {} };
  if (loader > budgets.loader) throw new SiteError('BudgetExceeded', { what: 'The island loader', size: loader, budget: budgets.loader });
  const routeByPath = new Map(routes.map((r) => [r.path, r]));
  // Thousands of pages share a handful of island sets (every article has the same ones): cost each set once.
  const costBySet = new Map<string, PageJsCost>();
  for (const page of pages) {
    const set = page.islands.map((i) => `${i.name}:${i.hydrate}`).join(',');
    let cost = costBySet.get(set);
    if (!cost) costBySet.set(set, (cost = pageJsCost(bundle, page.islands)));
    const route = routeByPath.get(page.url);
    const content = !!route && contentTemplates.has(route.template);
    report.pages[page.url] = content ? { ...cost, content } : { ...cost };
    if (content && cost.initial > budgets.initialContentPage) {
      throw new SiteError('BudgetExceeded', { what: `The first-load JavaScript of ${page.url}`, size: cost.initial, budget: budgets.initialContentPage });
    }
    if (cost.total > budgets.total) {
      throw new SiteError('BudgetExceeded', { what: `All JavaScript ${page.url} can load`, size: cost.total, budget: budgets.total });
    }
  }
  return report;
}
