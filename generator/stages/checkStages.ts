/**
 * The budgets and checks stages, over the finished output: each page's islands against the widgets
 * there are (checks/checkIslands.ts) and warnings for islands that read a search index the site does not
 * have, its JavaScript and HTML weight against the site's budgets, then the checks of every page (the
 * engine's: links, anchors, head tags, structured data, the sitemap; and those the site's plugins add) and
 * warnings for links to redirected paths.
 */
import { checkBudgets, type JsReport } from '../assets/checkBudgets.ts';
import { searchWithoutIndex } from '../assets/searchWithoutIndex.ts';
import { linksToRedirects } from '../checks/checkPages.ts';
import { checkPageWeight } from '../checks/checkPageWeight.ts';
import { checkIslands } from '../checks/checkIslands.ts';
import { runChecks } from '../checks/runChecks.ts';
import { pluginChecks } from '../plugins/pluginHooks.ts';
import { defineStage, type StageValues } from './Stage.ts';

export const budgetsStage = defineStage({
  name: 'budgets',
  gives: 'js',
  needs: ['config', 'assets', 'pages', 'plan'],
  runs: 'site',
  run({ config: { site, config }, assets, pages: { list }, plan: { routes } }): JsReport {
    // A build's assets have their widget bundle (only `site dev`'s server keeps its own).
    const widgets = assets.widgets!;
    const summaries = list.map((p) => p.summary);
    checkIslands(summaries, widgets.islandChunks.keys(), routes);
    for (const warning of searchWithoutIndex(widgets, summaries, !!site.search)) config.log(`Warning: ${warning}.`);
    const report = checkBudgets(widgets, summaries, routes, site.budgets);
    checkPageWeight([...list], site.budgets?.pageBytes);
    return report;
  },
});

/** Every output file besides the pages: the assets, the extras, the search index, the content and social images. */
export function otherFiles({ assets, extras, search, images, social, pages }: Readonly<Partial<StageValues>>): string[] {
  return [
    ...(assets?.files.keys() ?? []),
    ...(extras?.keys() ?? []),
    ...(search?.files.keys() ?? []),
    ...(images?.files.map((f) => f.file) ?? []),
    ...(social?.setup.plan.images.map((i) => i.file) ?? []),
    ...(pages?.files.map((f) => f.file) ?? []),
  ];
}

/** Most warnings shown; the rest are counted. */
const SHOWN = 20;

export const checksStage = defineStage({
  name: 'checks',
  gives: 'checked',
  needs: ['config', 'plan', 'pages', 'extras', 'search', 'assets'],
  reads: ['images', 'social'],
  runs: 'site',
  run(values): true {
    const { config: { config, site }, plan, pages, extras } = values;
    const summaries = pages.list.map((p) => p.summary);
    const redirected = Object.fromEntries(plan.redirects.map((r) => [r.from, r.to]));
    const files = [...pages.list.map((p) => p.file), ...otherFiles(values)];
    runChecks({ pages: summaries, files, sitemapXml: String(extras.get('sitemap.xml')), siteUrl: plan.siteUrl, redirects: redirected }, pluginChecks(site));
    const warnings = linksToRedirects({ pages: summaries, redirects: redirected });
    for (const w of warnings.slice(0, SHOWN)) config.log(`Warning: ${w}.`);
    if (warnings.length > SHOWN) config.log(`Warning: … and ${warnings.length - SHOWN} more links to redirected paths.`);
    return true;
  },
});
