/**
 * The dev render worker's bundles (see generator/selfBundle.mjs): the engine's worker (an ES module, with
 * React's development build), made once per engine installation, and the site's own code (its config,
 * templates and widgets), which the worker is given. A template edit rebuilds the site's bundle alone
 * (incrementally) for a fresh worker: a fresh module graph, nothing stale.
 */
import * as esbuild from 'esbuild';
import { cachedBundle, saveBundle, selfBundle, siteBundleName, siteBundleOptions } from '../selfBundle.mjs';

export interface WorkerBundle {
  /** Absolute path of the engine's worker bundle. */
  file: string;
  /** Absolute path of the site's current bundle. */
  site: string;
  /** Rebuilds the site's bundle after a source change; returns its new path. */
  rebuild(): Promise<string>;
  dispose(): Promise<void>;
}

const MODE = 'development';

/**
 * `root`: the engine's folder; `siteRoot`: the site's; `entry`: the worker's module. `onFirstBuild` runs
 * when a bundle must be made (a first start, or templates changed since the last).
 */
export async function workerBundle(root: string, siteRoot: string, entry: string, onFirstBuild?: () => void): Promise<WorkerBundle> {
  let ctx: esbuild.BuildContext | undefined;
  const buildSite = async (): Promise<string> => {
    ctx ??= await esbuild.context({ ...siteBundleOptions(siteRoot, MODE), absWorkingDir: root });
    return saveBundle(await ctx.rebuild(), root, siteBundleName(MODE), siteRoot);
  };
  let announced = false;
  const announce = () => {
    if (!announced) onFirstBuild?.();
    announced = true;
  };
  const [file, site] = await Promise.all([
    selfBundle(root, 'dev-worker', entry, 'esm', announce, MODE),
    cachedBundle(root, siteBundleName(MODE), siteRoot).then((hit) => hit ?? (announce(), buildSite())),
  ]);
  const bundle: WorkerBundle = {
    file,
    site,
    async rebuild() {
      bundle.site = await buildSite();
      return bundle.site;
    },
    async dispose() {
      await ctx?.dispose();
    },
  };
  return bundle;
}
