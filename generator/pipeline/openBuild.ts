/**
 * The config stage and what every later stage shares: the resolved config (the output folder checked
 * before anything is written), the site's definition and markdown renderer, the build cache, the
 * shards, and the stamps the build record takes before anything is read.
 */
import { resolveConfig, type ResolvedConfig, type SiteOptions } from '../config.ts';
import { BuildCache } from '../cache/BuildCache.ts';
import { contentStamps } from '../cache/buildRecord.ts';
import { laterSourceKey, treeKey } from '../cache/sourceKey.ts';
import { linkPolicy, type LinkPolicy } from '../core/contentLinks.ts';
import { listCollections } from '../content/load.ts';
import type { RenderMarkdown } from '../content/markdown.ts';
import { guardOutDir } from '../output/guardOutDir.ts';
import { progressLine, type Progress } from '../core/progress.ts';
import { ShardPool } from '../shards/ShardPool.ts';
import type { ListCollection } from '../site/defineConfig.ts';
import { loadSite, siteRenderer, type AnySite } from '../site/loadSite.ts';
import { layerOff } from '../core/speedLayers.cjs';
import { recordSources, siteSources } from './buildKey.ts';
import { pageAnalysers } from './pageAnalysers.ts';

export interface BuildContext {
  config: ResolvedConfig;
  site: AnySite;
  render: RenderMarkdown;
  lists: [string, ListCollection][];
  /** What the content's symbolic links may lead to (core/contentLinks.ts). */
  links: LinkPolicy;
  cache: BuildCache;
  /** The generator's and the site's code, as one key (cache/sourceKey.ts), hashed in the next turn. */
  generatorKey: Promise<string>;
  pool: ShardPool;
  progress: Progress;
  /** For the build record: the inputs' stamps and the widgets' key before anything is read; null without a record. */
  record: { started: number; stamps: Map<string, string>; widgetsKey: string } | null;
}

export async function openBuild(options: SiteOptions): Promise<BuildContext> {
  const config = resolveConfig('build', options);
  // Before anything is written (the cache, the output's temporary folder): the output folder must be one a build may replace.
  if (config.write) guardOutDir(config);
  const site = await loadSite(config.root);
  const render = await siteRenderer(site);
  const record = config.write && !layerOff('buildRecord')
    ? { started: Date.now(), stamps: contentStamps(config.contentDir, site.collections), widgetsKey: treeKey(recordSources(config)) }
    : null;
  return {
    config,
    site,
    render,
    lists: listCollections(site.collections),
    links: linkPolicy(config.root, config.contentDir, site.followSymlinks === true),
    cache: BuildCache.open(config.cacheDir, { read: config.readCache }),
    generatorKey: laterSourceKey(siteSources(config)),
    pool: new ShardPool(site, render, config.root, config.log, { features: pageAnalysers(site), entry: 'generator/pipeline/renderWorker.ts' }),
    progress: config.progress ? progressLine() : progressLine({ isTTY: false } as NodeJS.WriteStream),
    record,
  };
}
