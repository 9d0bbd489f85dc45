/**
 * `site build`: the build path of the one list of stages (pipeline/stageList.ts), run by pipeline/runPath.ts:
 *   config -> content -> routes (the plan) -> images -> social -> assets -> output -> render (+ extras,
 *   made by this thread while the shards render) -> search -> budgets -> checks -> socialImages -> write -> done
 * `site dev` serves the same stages (pipeline/LazyStages.ts), and a split build picks from them too
 * (buildSplit.ts). The assets start first and build while the content is read; the social images are drawn
 * while the pages render.
 */
import type { WidgetBundle } from './assets/bundleWidgets.ts';
import type { JsReport } from './assets/checkBudgets.ts';
import { BuildCache } from './cache/BuildCache.ts';
import { sourceKey, treeKey } from './cache/sourceKey.ts';
import { resolveConfig, type ResolvedConfig, type SiteOptions } from './config.ts';
import type { ContentSnapshot } from './content/load.ts';
import type { HeldBack } from './content/selectPublished.ts';
import { layerOff } from './core/speedLayers.cjs';
import { guardOutDir } from './output/guardOutDir.ts';
import type { OutputFiles } from './output/writeOutput.ts';
import { runPath } from './pipeline/runPath.ts';
import type { Route } from './site/defineConfig.ts';
import { recordKey, recordSources, siteSources } from './stages/buildKey.ts';
import { upToDateReport, type BuildReport } from './stages/buildRecord.ts';
import { warnAboutConfig } from './stages/warnAboutConfig.ts';

export interface BuiltPage {
  url: string;
  file: string;
  /** The page's HTML: only with write: false (a written build keeps pages on disk, not in memory). */
  html?: string;
}

export interface BuildResult {
  config: ResolvedConfig;
  /** List entries carry metadata only (html "", no headings, 0 words): shards render each body right before its page. */
  content: ContentSnapshot;
  routes: Route[];
  pages: BuiltPage[];
  /** With write: false, every output file; with write: true, every file but the pages and the social images. */
  files: OutputFiles;
  widgets: WidgetBundle;
  js: JsReport;
  /** The list entries left out: drafts (without `drafts`) and entries dated after the build (without `future`). */
  held: HeldBack;
  stats: Omit<BuildReport, 'held' | 'js' | 'images'> & {
    ms: number;
    stages: Record<string, number>;
    /** The search index's body words: from pages rendered now, from the cache, or rendered for the index alone. */
    search: { rendered: number; cached: number; here: number };
    /** Content images: encoded now, or taken from the cache. */
    images: { encoded: number; cached: number };
  };
}

export async function build(options: SiteOptions = {}): Promise<BuildResult> {
  const { values, stages, ms } = await runPath('build', { options });
  const { config: { config }, plan, pages, assets, extras, search, js, images, written, run } = values;
  const { held: _held, js: _js, images: _images, ...counts } = written.report;
  return {
    config,
    content: plan.content,
    routes: plan.routes,
    pages: pages.list.map((p) => ({ url: p.path, file: p.file, ...(config.write ? {} : { html: p.html ?? String(run.memory.get(p.file)) }) })),
    files: config.write ? new Map([...assets.files, ...extras, ...search.files]) : run.memory,
    widgets: assets.widgets!,
    js,
    held: plan.held,
    stats: { ...counts, ms, stages, search: search.words, images: { encoded: images.encoded, cached: images.cached } },
  };
}

/**
 * The last build's report when a build now would leave exactly the output in place (stages/buildRecord.ts):
 * nothing to do. Else null: run build(). Only for a written build that reads the cache.
 * Throws as build() does for an output folder a build may not replace (guardOutDir.ts).
 */
export function upToDate(options: SiteOptions = {}): BuildReport | null {
  const config = resolveConfig('build', options);
  if (!config.write || !config.readCache || layerOff('buildRecord')) return null;
  // A folder the build would refuse is refused here already, before the cache folder is made.
  guardOutDir(config);
  const key = () => recordKey(sourceKey(siteSources(config)), treeKey(recordSources(config)), config);
  const report = upToDateReport(BuildCache.open(config.cacheDir, { read: true }), config, key);
  if (report) warnAboutConfig(config);
  return report;
}
