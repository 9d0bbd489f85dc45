/**
 * What a stage of the pipeline is: a name, the values it needs, the one value it gives, and how it runs.
 * Every way of making a site's output (a build on one thread or on workers, a shard of a split build, the
 * merge, `site dev`, the editor's preview) picks stages from one list (pipeline/stageList.ts) and runs
 * them through one runner (eagerly, in order: pipeline/runPath.ts; or lazily, value by value, for
 * `site dev`: pipeline/LazyStages.ts). No path writes the sequence out by hand, and what differs between
 * paths is an option of a stage (a shard's slice, the merge's folders), never a stage of its own making.
 */
import type { StageValues } from './stageValues.ts';

export type { StageValues } from './stageValues.ts';

/** The name of a value a stage gives or needs. */
export type ValueName = keyof StageValues;

/**
 * 'site': once, over the whole site. 'page': page by page, on the shards; a build runs it over every
 * route it makes, `site dev` for the one page asked for (its `page` method).
 */
export type StageRuns = 'site' | 'page';

export interface Stage<G extends ValueName = ValueName> {
  /** The stage's name: what `--timings` prints, what a path lists. */
  readonly name: string;
  /** The value it gives. Two stages may give one value (the render and the merge's join give the pages); a path picks one. */
  readonly gives: G;
  /** The values it reads: each given by a stage before it in every path that picks it, or by the runner. */
  readonly needs: readonly ValueName[];
  /** The values it reads when the path makes them (a merge has no images stage: its pages bring theirs). */
  readonly reads?: readonly ValueName[];
  readonly runs: StageRuns;
  /**
   * The stage whose run it happens during: made by this thread while that stage's workers render (a
   * build's extras, during render). Its time is its own.
   */
  readonly during?: string;
  /**
   * Makes the value from the values it needs (they are all there: the path's order guarantees it).
   * `step.during()` runs the stages that happen during this one (a stage with workers calls it once they
   * are busy; if it does not, they run right after it).
   */
  run(values: Readonly<StageValues>, step: StageStep): StageValues[G] | Promise<StageValues[G]>;
  /**
   * For a lazy run (`site dev`): the value again after a value it reads changed, made from its current one
   * where that costs less than making it afresh; the same object when what it gives is as it was.
   * `previous`: the changed values as they were. Without it, the value is forgotten and made again.
   */
  update?(current: StageValues[G], values: Readonly<StageValues>, previous: Readonly<Partial<StageValues>>): StageValues[G] | Promise<StageValues[G]>;
  /** After the path, whether it succeeded or failed (in reverse order): what the stage started is stopped. */
  close?(values: Readonly<Partial<StageValues>>, failed: boolean): void | Promise<void>;
}

/** What the runner gives a stage besides the values. */
export interface StageStep {
  during(): Promise<void>;
}

/** A stage, typed by the value it gives. */
export const defineStage = <G extends ValueName>(stage: Stage<G>): Stage<G> => stage;
