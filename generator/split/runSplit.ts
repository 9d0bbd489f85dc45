/**
 * `site build --shard i/n` and `site build --merge <dirs…>` for the command line: runs one and returns
 * the lines it prints.
 */
import { formatJsReport } from '../assets/formatJsReport.ts';
import type { SiteOptions } from '../config.ts';
import { mergeShards } from './mergeShards.ts';
import { shardBuild } from './shardBuild.ts';
import { parseShard, shardName } from './shardOf.ts';

const kb = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(2)} MB` : `${(n / 1024).toFixed(1)} KB`);

export async function runSplit(options: SiteOptions & { out: string }, split: { shard?: string; merge?: string[]; timings?: boolean }): Promise<string> {
  const stages = (s: Record<string, number>) => (split.timings ? `Stages: ${Object.entries(s).map(([name, ms]) => `${name} ${ms} ms`).join(', ')}\n` : '');
  if (split.merge) {
    const m = await mergeShards(options, split.merge);
    return (
      formatJsReport(m.js) +
      stages(m.stages) +
      `Merged ${m.shards} shards: ${m.pages} pages (${m.files} files, ${kb(m.bytes)}) into ${options.out}/ in ${m.ms} ms (the shards rendered ${m.rendered}, ${m.cached} from their caches)\n`
    );
  }
  const s = await shardBuild(options, parseShard(split.shard!));
  const { counts } = s;
  return (
    stages(s.stages) +
    `Built shard ${shardName(s.shard)}: ${s.pages.shard} of ${s.pages.site} pages and ${s.files} other files into ${options.out}/ in ${s.ms} ms (${counts.rendered} rendered, ${counts.cached} from cache)\n` +
    (counts.social ? `Social images: ${counts.social.made + counts.social.cached} (${counts.social.made} made, ${counts.social.cached} from cache)\n` : '') +
    `Merge the folders of all ${s.shard.count} shards with: site build --merge <folders…>\n`
  );
}
