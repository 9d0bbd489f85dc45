/**
 * The values the stages give one another, by name: what a stage needs and gives is named here, once.
 * A path's input (its options, a shard's slice, the merge's folders) and the run (the output being
 * filled, the cache writes under way) are given by the runner; every other value by a stage.
 */
import type { JsReport } from '../assets/checkBudgets.ts';
import type { Mode, SiteOptions } from '../config.ts';
import type { OutputFiles } from '../output/writeOutput.ts';
import type { SitePlan } from '../plan/planSite.ts';
import type { SearchIndexResult } from '../search/makeSearchIndex.ts';
import type { ShardsValue } from './joinStage.ts';
import type { ShardManifest } from '../split/shardManifest.ts';
import type { Shard } from '../split/shardOf.ts';
import type { AssetNames, BuiltAssets, StartedAssets } from './assetsStage.ts';
import type { SocialOnDemand } from '../social/SocialOnDemand.ts';
import type { PageRenderer } from './pageStage.ts';
import type { BuildRun } from './BuildRun.ts';
import type { BuildContext } from './configStage.ts';
import type { ContentRead } from './contentStage.ts';
import type { ImagesValue } from './imagesStage.ts';
import type { PagesValue } from './renderStage.ts';
import type { PlacedSocialImages, SocialValue } from './socialStage.ts';
import type { WrittenValue } from './writeStage.ts';

/** What a path is asked to do: the options a build takes, and what sets a shard or the merge apart. */
export interface PathInput {
  options: SiteOptions;
  /** 'build' (default), or 'dev' for `site dev`'s render worker (nothing written; drafts and entries dated later shown). */
  mode?: Mode;
  /** false: no build record is written (the merge). Default: true. */
  record?: boolean;
  /** A shard of a split build: the slice of the routes it renders, and the images they own. */
  slice?: Shard;
  /** The merge: the shards' folders, verified. */
  merge?: string[];
}

export interface StageValues {
  input: PathInput;
  run: BuildRun;
  config: BuildContext;
  assetsStarted: StartedAssets;
  content: ContentRead;
  contentSaved: true;
  plan: SitePlan;
  images: ImagesValue;
  social: SocialValue | null;
  assets: BuiltAssets;
  /** `site dev`'s assets as its server made them (their names). */
  assetNames: AssetNames;
  /** `site dev`: social images planned and drawn when asked for. */
  socialOnDemand: SocialOnDemand | null;
  /** `site dev`: a page rendered when asked for. */
  renderer: PageRenderer;
  output: true;
  pages: PagesValue;
  extras: OutputFiles;
  search: SearchIndexResult;
  /** A shard's: route path -> its entry's hash and body words. */
  searchWords: Map<string, { hash: string; words: string }>;
  js: JsReport;
  checked: true;
  socialImages: PlacedSocialImages | null;
  written: WrittenValue;
  done: true;
  manifest: ShardManifest;
  shards: ShardsValue;
}
