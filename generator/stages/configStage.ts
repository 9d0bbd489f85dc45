/**
 * The config stage, and what every later stage shares: the resolved config (the output folder checked
 * before anything is written), the site's definition and markdown renderer, the build cache, the
 * shards, and the stamps the build record takes before anything is read.
 */
import path from 'node:path';
import { resolveConfig, type Mode, type ResolvedConfig } from '../config.ts';
import { BuildCache } from '../cache/BuildCache.ts';
import { laterSourceKey, treeKey } from '../cache/sourceKey.ts';
import { linkPolicy, type LinkPolicy } from '../core/contentLinks.ts';
import { listCollections } from '../content/load.ts';
import type { RenderMarkdown } from '../content/markdown.ts';
import { guardOutDir } from '../output/guardOutDir.ts';
import { progressLine, type Progress } from '../core/progress.ts';
import { locateRedirect } from '../redirects/locateRedirect.ts';
import type { LocateRedirect } from '../redirects/redirectTable.ts';
import { ShardPool } from '../shards/ShardPool.ts';
import type { ListCollection } from '../site/defineConfig.ts';
import { CONFIG_FILE, loadSite, siteRenderer, type AnySite } from '../site/loadSite.ts';
import { layerOff } from '../core/speedLayers.cjs';
import { contentStamps } from './buildRecord.ts';
import { recordSources, siteSources } from './buildKey.ts';
import { pageAnalysers } from './pageAnalysers.ts';
import { defineStage } from './Stage.ts';

export interface BuildContext {
  config: ResolvedConfig;
  site: AnySite;
  render: RenderMarkdown;
  lists: [string, ListCollection][];
  /** What the content's symbolic links may lead to (core/contentLinks.ts). */
  links: LinkPolicy;
  /** Finds the line of a redirect's declaration in the config, for its errors. */
  locate: LocateRedirect;
  cache: BuildCache;
  /** The generator's and the site's code, as one key (cache/sourceKey.ts), hashed in the next turn. */
  generatorKey: Promise<string>;
  pool: ShardPool;
  progress: Progress;
  /** For the build record: the inputs' stamps and the widgets' key before anything is read; null without a record. */
  record: { started: number; stamps: Map<string, string>; widgetsKey: string } | null;
}

/**
 * `mode`: 'build' (a build, a shard, the merge) or 'dev' (`site dev`'s render worker: nothing written, drafts
 * and entries dated later shown). `record`: false where no build record is kept (the merge).
 */
export async function openBuild(options: Parameters<typeof resolveConfig>[1], { mode = 'build', record: keepRecord = true }: { mode?: Mode; record?: boolean } = {}): Promise<BuildContext> {
  const config = resolveConfig(mode, options);
  // Before anything is written (the cache, the output's temporary folder): the output folder must be one a build may replace.
  if (config.write) guardOutDir(config);
  const site = await loadSite(config.root);
  const render = await siteRenderer(site);
  const record = keepRecord && config.write && !layerOff('buildRecord')
    ? { started: Date.now(), stamps: contentStamps(config.contentDir, site.collections), widgetsKey: treeKey(recordSources(config)) }
    : null;
  return {
    config,
    site,
    render,
    lists: listCollections(site.collections),
    links: linkPolicy(config.root, config.contentDir, site.followSymlinks === true),
    locate: locateRedirect(config.contentDir, path.join(config.root, CONFIG_FILE)),
    cache: BuildCache.open(config.cacheDir, { read: config.readCache }),
    generatorKey: laterSourceKey(siteSources(config)),
    // A server reads an article's markdown again when its page is asked for: it keeps no bodies.
    pool: new ShardPool(site, render, config.root, config.log, { features: pageAnalysers(site), entry: 'generator/stages/renderWorker.ts', ...(mode === 'dev' ? { local: { keepBodies: false } } : {}) }),
    progress: config.progress ? progressLine() : progressLine({ isTTY: false } as NodeJS.WriteStream),
    record,
  };
}

export const configStage = defineStage({
  name: 'config',
  gives: 'config',
  needs: ['input'],
  runs: 'site',
  run: ({ input }) => openBuild(input.options, { mode: input.mode, record: input.record }),
  async close({ config }) {
    config?.progress.done();
    await config?.pool.close();
  },
});
