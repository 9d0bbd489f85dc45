/**
 * A build split across machines, from the one list of stages (pipeline/stageList.ts):
 * - `site build --shard i/n` (shardBuild): the whole content read and the whole site planned as a build
 *   does (every page needs the route table, the lists and the assets' names); only the routes of its slice
 *   rendered (split/shardOf.ts), only the images and social images they own made (split/shardOwns.ts);
 *   its folder gets a manifest (split/shardManifest.ts) and goes in place as a build's output does.
 * - `site build --merge <dirs…>` (mergeShards): the shards' folders joined into one output with what needs
 *   the whole site: the assets, the sitemap, the feed and the site's other files, redirects, the search
 *   index, the budgets and every check, the plugins' hooks. The shards must be one split build of the
 *   content and config the merge reads (split/checkShards.ts). A merge that fails leaves the previous output.
 * runSplit: either one, for the command line, with the lines it prints.
 */
import type { JsReport } from './assets/checkBudgets.ts';
import { formatJsReport } from './assets/formatJsReport.ts';
import type { SiteOptions } from './config.ts';
import { runPath } from './pipeline/runPath.ts';
import type { ShardManifest } from './split/shardManifest.ts';
import { parseShard, shardName, type Shard } from './split/shardOf.ts';

export interface ShardResult {
  shard: Shard;
  /** The site's pages, and this shard's. */
  pages: { site: number; shard: number };
  counts: ShardManifest['counts'];
  /** Files written besides the pages (content images, social images). */
  files: number;
  ms: number;
  stages: Record<string, number>;
}

export async function shardBuild(options: SiteOptions, shard: Shard): Promise<ShardResult> {
  const { values, stages, ms } = await runPath('shard', { options: { ...options, write: true }, slice: shard });
  const { plan, manifest } = values;
  return { shard, pages: { site: plan.routes.length, shard: manifest.pages.length }, counts: manifest.counts, files: manifest.files.length, ms, stages };
}

export interface MergeResult {
  shards: number;
  pages: number;
  files: number;
  bytes: number;
  /** Over all shards: pages rendered and taken from their caches. */
  rendered: number;
  cached: number;
  js: JsReport;
  ms: number;
  stages: Record<string, number>;
}

export async function mergeShards(options: SiteOptions, dirs: readonly string[]): Promise<MergeResult> {
  const { values, stages, ms } = await runPath('merge', { options: { ...options, write: true }, merge: [...dirs], record: false });
  const { shards: { shards }, pages, written, js } = values;
  const sum = (pick: (m: ShardManifest) => number) => shards.reduce((n, s) => n + pick(s.manifest), 0);
  return {
    shards: shards.length,
    pages: pages.list.length,
    files: written.files.length,
    bytes: written.report.bytes,
    rendered: sum((m) => m.counts.rendered),
    cached: sum((m) => m.counts.cached),
    js,
    ms,
    stages,
  };
}

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`);

export async function runSplit(options: SiteOptions & { out: string }, split: { shard?: string; merge?: string[]; timings?: boolean }): Promise<string> {
  const timings = (s: Record<string, number>) => (split.timings ? `Stages: ${Object.entries(s).map(([name, ms]) => `${name} ${ms} ms`).join(', ')}\n` : '');
  if (split.merge) {
    const m = await mergeShards(options, split.merge);
    return (
      formatJsReport(m.js) +
      timings(m.stages) +
      `Merged ${m.shards} shards: ${m.pages} pages (${m.files} files, ${kb(m.bytes)}) into ${options.out}/ in ${m.ms} ms (the shards rendered ${m.rendered}, ${m.cached} from their caches)\n`
    );
  }
  const s = await shardBuild(options, parseShard(split.shard!));
  const { counts } = s;
  return (
    timings(s.stages) +
    `Built shard ${shardName(s.shard)}: ${s.pages.shard} of ${s.pages.site} pages and ${s.files} other files into ${options.out}/ in ${s.ms} ms (${counts.rendered} rendered, ${counts.cached} from cache)\n` +
    (counts.social ? `Social images: ${counts.social.made + counts.social.cached} (${counts.social.made} made, ${counts.social.cached} from cache)\n` : '') +
    `Merge the folders of all ${s.shard.count} shards with: site build --merge <folders…>\n`
  );
}
