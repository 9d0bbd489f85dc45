/**
 * The assets stage: the stylesheet, the static files and the widget bundle, each through the build
 * cache. They do not depend on the content, so esbuild and lightningcss start first and work while the
 * articles are read (startAssets); the stage itself waits for them and names what the pages link.
 */
import type { WidgetBundle } from '../assets/bundleWidgets.ts';
import { cachedCss, cachedWidgets } from '../assets/cachedAssets.ts';
import { staticFiles } from '../assets/staticFiles.ts';
import { planCsp } from '../plan/planFiles.ts';
import type { SitePlan } from '../plan/planSite.ts';
import type { RenderAssets } from '../shards/ShardState.ts';
import type { OutputFiles } from '../output/writeOutput.ts';
import type { BuildRun } from './BuildRun.ts';
import type { BuildContext } from './openBuild.ts';

export type StartedAssets = ReturnType<typeof startAssets>;

export interface BuiltAssets {
  files: OutputFiles;
  widgets: WidgetBundle;
  /** What each page links: the stylesheet, the loader, the CSP, the static files' URLs. */
  page: RenderAssets;
  /** The backend the widgets talk to: only a site with widgets connects to one. */
  backendUrl?: string;
}

export function startAssets({ config, site, cache, generatorKey }: BuildContext, run: BuildRun) {
  const started = Promise.all([
    cachedCss(cache, generatorKey, config.stylesEntry, site.markdown?.highlight !== false),
    staticFiles(config.staticDir),
    cachedWidgets(cache, generatorKey, { widgetsDir: config.widgetsDir, backend: config.backend }),
  ]);
  // They write the cache's asset packs: a build that fails before it needs them (a content error) still
  // waits for them, so nothing is written into the cache after build() has settled.
  run.writing(started.then(() => {}, () => {}));
  return started;
}

export async function assetsStage({ config, site }: BuildContext, started: StartedAssets, plan: SitePlan): Promise<BuiltAssets> {
  // Each is optional: no stylesheet without templates/styles/main.css, no script without widgets/.
  const [css, statics, widgets] = await started;
  const files: OutputFiles = new Map(css ? [[css.file, css.code]] : []);
  for (const { file, bytes } of statics.files.values()) files.set(file, bytes);
  for (const [file, bytes] of widgets.files) files.set(file, bytes);
  const backendUrl = widgets.loader ? config.backend?.url : undefined;
  const page: RenderAssets = {
    stylesheet: css ? `/${css.file}` : '',
    scripts: widgets.loader ? [widgets.loader] : [],
    csp: planCsp(site, plan, backendUrl).meta,
    statics: statics.urls,
  };
  return { files, widgets, page, backendUrl };
}
