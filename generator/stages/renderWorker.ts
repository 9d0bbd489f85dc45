/** The shard workers' entry (a bundle of its own, ShardPool): a shard that runs the build's page analysers. */
import { serveShard } from '../shards/shardWorker.ts';
import { pageAnalysers } from './pageAnalysers.ts';

serveShard(pageAnalysers);
