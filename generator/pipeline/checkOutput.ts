/**
 * The budgets and checks stages, over the finished output: each page's islands against the widgets
 * there are (checkIslands.ts), its JavaScript and HTML weight
 * against the site's budgets, then the checks of every page (the engine's: links, anchors, head tags,
 * structured data, the sitemap; and those the site's plugins add) and warnings for links to redirected paths
 * and for islands that read a search index the site does not have.
 */
import { checkBudgets, type JsReport } from '../assets/checkBudgets.ts';
import type { WidgetBundle } from '../assets/bundleWidgets.ts';
import { linksToRedirects } from '../checks/checkPages.ts';
import { checkPageWeight } from '../checks/checkPageWeight.ts';
import { runChecks } from '../checks/runChecks.ts';
import type { ResolvedConfig } from '../config.ts';
import type { Redirect } from '../redirects/redirectTable.ts';
import type { BuiltPage } from './pageAnalysers.ts';
import type { Route } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import { pluginChecks } from '../plugins/pluginHooks.ts';
import { checkIslands } from './checkIslands.ts';
import { searchWithoutIndex } from '../assets/searchWithoutIndex.ts';

export function budgetsStage(site: AnySite, widgets: WidgetBundle, pages: readonly BuiltPage[], routes: Route[], log: (line: string) => void): JsReport {
  checkIslands(pages.map((p) => p.summary), widgets.islandChunks.keys(), routes);
  for (const warning of searchWithoutIndex(widgets, pages.map((p) => p.summary), !!site.search)) log(`Warning: ${warning}.`);
  const report = checkBudgets(widgets, pages.map((p) => p.summary), routes, site.budgets);
  checkPageWeight([...pages], site.budgets?.pageBytes);
  return report;
}

export interface CheckInput {
  pages: readonly BuiltPage[];
  /** Every output file besides the pages. */
  files: string[];
  sitemapXml: string;
  siteUrl: string;
  redirects: Redirect[];
}

/** Most warnings shown; the rest are counted. */
const SHOWN = 20;

export function checksStage(config: ResolvedConfig, site: AnySite, { pages, files, sitemapXml, siteUrl, redirects }: CheckInput): void {
  const summaries = pages.map((p) => p.summary);
  const redirected = Object.fromEntries(redirects.map((r) => [r.from, r.to]));
  runChecks({ pages: summaries, files: [...pages.map((p) => p.file), ...files], sitemapXml, siteUrl, redirects: redirected }, pluginChecks(site));
  const warnings = linksToRedirects({ pages: summaries, redirects: redirected });
  for (const w of warnings.slice(0, SHOWN)) config.log(`Warning: ${w}.`);
  if (warnings.length > SHOWN) config.log(`Warning: … and ${warnings.length - SHOWN} more links to redirected paths.`);
}
