/**
 * The assets stages: the stylesheet, the static files and the widget bundle, each through the build
 * cache. They do not depend on the content, so esbuild and lightningcss start first (assetsStart) and
 * work while the articles are read; the assets stage waits for them and names what the pages link.
 */
import type { WidgetBundle } from '../assets/bundleWidgets.ts';
import { cachedCss, cachedWidgets } from '../assets/cachedAssets.ts';
import { staticFiles } from '../assets/staticFiles.ts';
import { planCsp } from '../plan/planFiles.ts';
import type { RenderAssets } from '../shards/ShardState.ts';
import type { SitePlan } from '../plan/planSite.ts';
import type { AnySite } from '../site/loadSite.ts';
import type { OutputFiles } from '../output/writeOutput.ts';
import { warnAboutConfig } from './warnAboutConfig.ts';
import { defineStage } from './Stage.ts';

export interface BuiltAssets {
  files: OutputFiles;
  /** The widget bundle (null in `site dev`, whose server makes it). */
  widgets: WidgetBundle | null;
  /** What each page links: the stylesheet, the loader, the CSP, the static files' URLs. */
  page: RenderAssets;
  /** The backend the widgets talk to: only a site with widgets connects to one. */
  backendUrl?: string;
}

/** The asset builds under way (a promise in a box: the stage gives it at once). */
export interface StartedAssets {
  made: Promise<[Awaited<ReturnType<typeof cachedCss>>, Awaited<ReturnType<typeof staticFiles>>, WidgetBundle]>;
}

export const assetsStartStage = defineStage({
  name: 'assetsStart',
  gives: 'assetsStarted',
  needs: ['config', 'run'],
  runs: 'site',
  run({ config: { config, site, cache, generatorKey }, run }): StartedAssets {
    const made = Promise.all([
      cachedCss(cache, generatorKey, config.stylesEntry, site.markdown?.highlight !== false),
      staticFiles(config.staticDir),
      cachedWidgets(cache, generatorKey, { widgetsDir: config.widgetsDir, backend: config.backend }),
    ]);
    // They write the cache's asset packs: a build that fails before it needs them (a content error) still
    // waits for them, so nothing is written into the cache after the build has settled.
    run.writing(made.then(() => {}, () => {}));
    return { made };
  },
});

export const assetsStage = defineStage({
  name: 'assets',
  gives: 'assets',
  needs: ['config', 'assetsStarted', 'plan'],
  runs: 'site',
  async run({ config: { config, site }, assetsStarted, plan }): Promise<BuiltAssets> {
    warnAboutConfig(config);
    // Each is optional: no stylesheet without templates/styles/main.css, no script without widgets/.
    const [css, statics, widgets] = await assetsStarted.made;
    const files: OutputFiles = new Map(css ? [[css.file, css.code]] : []);
    for (const { file, bytes } of statics.files.values()) files.set(file, bytes);
    for (const [file, bytes] of widgets.files) files.set(file, bytes);
    const backendUrl = widgets.loader ? config.backend?.url : undefined;
    const page = pageAssets(site, plan, { stylesheet: css ? `/${css.file}` : '', loader: widgets.loader, statics: statics.urls, backendUrl });
    return { files, widgets, page, backendUrl };
  },
});

/** What every page links, from the assets' names: the stylesheet, the loader, the CSP (which allows the backend), the static files' URLs. */
function pageAssets(site: AnySite, plan: SitePlan, names: Omit<AssetNames, 'files'>): RenderAssets {
  return {
    stylesheet: names.stylesheet,
    scripts: names.loader ? [names.loader] : [],
    csp: planCsp(site, plan, names.backendUrl).meta,
    statics: names.statics,
  };
}

/** The assets as `site dev` serves them (it makes them on its main thread, dev/DevAssets.ts): their names. */
export interface AssetNames {
  /** The stylesheet's URL, or ''. */
  stylesheet: string;
  /** The island loader's URL, or '' without widgets. */
  loader: string;
  statics: Record<string, string>;
  /** The backend the widgets talk to (only a site with widgets connects to one). */
  backendUrl?: string | null;
  /** Every asset file (relative to the output's root): no redirect may hide one. */
  files: string[];
}

/** `site dev`'s assets stage: what the pages link, from the names of the assets the server made. */
export const servedAssetsStage = defineStage({
  name: 'assets',
  gives: 'assets',
  needs: ['config', 'assetNames', 'plan'],
  runs: 'site',
  run({ config: { site }, assetNames, plan }): BuiltAssets {
    // The server keeps the bytes; the pipeline needs only the files' names.
    const files: OutputFiles = new Map(assetNames.files.map((f) => [f, '']));
    const backendUrl = assetNames.loader ? (assetNames.backendUrl ?? undefined) : undefined;
    return { files, widgets: null, page: pageAssets(site, plan, { ...assetNames, backendUrl }), ...(backendUrl ? { backendUrl } : {}) };
  },
});
