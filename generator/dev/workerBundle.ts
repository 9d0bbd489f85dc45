/**
 * The dev render worker as one esbuild bundle (templates, generator and
 * their npm dependencies in one file; see generator/selfBundle.mjs). A
 * template edit becomes an incremental rebuild plus a fresh worker: a fresh
 * module graph, nothing stale. The bundle is cached under .site/cache.
 */
import * as esbuild from 'esbuild';
import { bundleOptions, cachedBundle, saveBundle } from '../selfBundle.mjs';

export interface WorkerBundle {
  /** Absolute path of the current bundle. */
  file: string;
  /** Rebuilds after a source change; returns the new bundle path. */
  rebuild(): Promise<string>;
  dispose(): Promise<void>;
}

/**
 * `root`: the engine's folder; `siteRoot`: the site's, whose config and templates the bundle carries.
 * `onFirstBuild` runs when no cached bundle fits (a first start, or templates changed since the last).
 */
export async function workerBundle(root: string, siteRoot: string, entry: string, onFirstBuild?: () => void): Promise<WorkerBundle> {
  let ctx: esbuild.BuildContext | undefined;
  const build = async (): Promise<string> => {
    ctx ??= await esbuild.context({ ...bundleOptions(entry, 'esm', siteRoot), absWorkingDir: root, define: { 'process.env.NODE_ENV': '"development"' } });
    return saveBundle(await ctx.rebuild(), root, 'dev-worker', siteRoot);
  };
  const bundle: WorkerBundle = {
    file: (await cachedBundle(root, 'dev-worker', siteRoot)) ?? (onFirstBuild?.(), await build()),
    async rebuild() {
      bundle.file = await build();
      return bundle.file;
    },
    async dispose() {
      await ctx?.dispose();
    },
  };
  return bundle;
}
