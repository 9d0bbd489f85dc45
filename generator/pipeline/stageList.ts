/**
 * The one list of stages, in the order a build runs them, and which of them each path picks. A path
 * is a list of stage names (the runners: runPath.ts, LazyStages.ts); what sets paths apart beyond that
 * is their input (a shard's slice, the merge's folders), which the stages read. Two stages that give one
 * value (render and the merge's join give the pages) are told apart by the path's choice.
 */
import { assetsStage, assetsStartStage, servedAssetsStage } from '../stages/assetsStage.ts';
import { budgetsStage, checksStage } from '../stages/checkStages.ts';
import { configStage } from '../stages/configStage.ts';
import { contentStage, saveContentStage } from '../stages/contentStage.ts';
import { extrasStage } from '../stages/extrasStage.ts';
import { imagesStage } from '../stages/imagesStage.ts';
import { joinStage, shardsStage } from '../stages/joinStage.ts';
import { manifestStage } from '../stages/manifestStage.ts';
import { outputStage } from '../stages/outputStage.ts';
import { planStage } from '../stages/planStage.ts';
import { renderStage } from '../stages/renderStage.ts';
import { searchStage, searchWordsStage } from '../stages/searchStage.ts';
import { pageStage } from '../stages/pageStage.ts';
import { socialImagesStage, socialOnDemandStage, socialStage } from '../stages/socialStage.ts';
import type { Stage } from '../stages/Stage.ts';
import { doneStage, writeStage } from '../stages/writeStage.ts';

/** Every stage, by a key of its own (stage names repeat where two stages do one job two ways: render, join). */
export const STAGES = {
  shards: shardsStage,
  config: configStage,
  assetsStart: assetsStartStage,
  content: contentStage,
  saveContent: saveContentStage,
  routes: planStage,
  images: imagesStage,
  social: socialStage,
  socialOnDemand: socialOnDemandStage,
  assets: assetsStage,
  servedAssets: servedAssetsStage,
  output: outputStage,
  render: renderStage,
  page: pageStage,
  join: joinStage,
  extras: extrasStage,
  search: searchStage,
  searchWords: searchWordsStage,
  budgets: budgetsStage,
  checks: checksStage,
  socialImages: socialImagesStage,
  write: writeStage,
  manifest: manifestStage,
  done: doneStage,
} satisfies Record<string, Stage<any>>;

export type StageKey = keyof typeof STAGES;

/** What each path picks, in order. A stage that runs `during` another runs while that one does. */
export const PATHS = {
  /** `site build`, on one thread or on workers: every page and every file. */
  build: ['config', 'assetsStart', 'content', 'routes', 'images', 'social', 'assets', 'output', 'render', 'saveContent', 'extras', 'search', 'budgets', 'checks', 'socialImages', 'write', 'done'],
  /** `site build --shard i/n`: the slice's pages, the images they own, their bodies' words, a manifest. */
  shard: ['config', 'assetsStart', 'content', 'saveContent', 'routes', 'images', 'social', 'assets', 'output', 'render', 'searchWords', 'socialImages', 'manifest'],
  /** `site build --merge <dirs…>`: the shards' pages joined, and what needs the whole site. */
  merge: ['shards', 'config', 'assetsStart', 'content', 'saveContent', 'routes', 'assets', 'output', 'join', 'extras', 'search', 'budgets', 'checks', 'write', 'done'],
  /**
   * `site dev` (run lazily: pipeline/LazyStages.ts): the server makes the assets and gives their names; a
   * page renders when asked for, its social image is drawn when asked for, the search index is made from
   * the words the cache holds (no page of this run gave any: `pages` is given empty).
   */
  dev: ['config', 'content', 'saveContent', 'routes', 'images', 'servedAssets', 'socialOnDemand', 'extras', 'search', 'page'],
} as const satisfies Record<string, readonly StageKey[]>;

export type PathName = keyof typeof PATHS;

/** The stage objects of a path, in its order. */
export const stagesOf = (path: readonly StageKey[]): Stage[] => path.map((key) => STAGES[key] as Stage);
