/** The shard workers' entry (a bundle of its own, ShardPool): a shard that runs the build's page analysers. */
import { shareWithSite } from '../site/embeddedSite.ts';
import { serveShard } from '../shards/shardWorker.ts';
import { pageAnalysers } from './pageAnalysers.ts';

shareWithSite(async () => (await import('../site/siteModules.ts')).siteModules);
serveShard(pageAnalysers);
