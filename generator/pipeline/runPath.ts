/**
 * Runs a path: its stages in order, each given the values of those before it; a stage that runs during
 * another is run by this thread while that one's workers are busy (or right after it). Every stage's time
 * is recorded. Afterwards, whether the path succeeded or failed, the stages close in reverse order (what
 * they started stops), the cache writes settle, and a failed path's half-filled output is removed (the
 * previous output stays in place).
 */
import { BuildRun } from '../stages/BuildRun.ts';
import type { Stage, StageValues, ValueName } from '../stages/Stage.ts';
import type { PathInput } from '../stages/stageValues.ts';
import { PATHS, STAGES, type PathName, type StageKey } from './stageList.ts';

/** The stages of `path`, with those that run during another grouped under it. */
export function pathStages(path: readonly StageKey[]): { stage: Stage; during: Stage[] }[] {
  const picked = path.map((key) => STAGES[key] as Stage);
  const hosts = new Set(picked.map((s) => s.name));
  const steps: { stage: Stage; during: Stage[] }[] = [];
  for (const stage of picked) {
    const host = stage.during && hosts.has(stage.during) ? steps.find((s) => s.stage.name === stage.during) : undefined;
    if (host) host.during.push(stage);
    else steps.push({ stage, during: [] });
  }
  return steps;
}

/** The values a runner gives before any stage runs. */
export const GIVEN: readonly ValueName[] = ['input', 'run'];

/**
 * Why `path` could not run, or null: a stage needing a value no stage before it gives (a stage during
 * another runs before it ends, so it sees only what came before that one), or a value given twice.
 */
export function pathProblem(path: readonly StageKey[], given: readonly ValueName[] = GIVEN): string | null {
  const have = new Set<ValueName>(given);
  for (const { stage, during } of pathStages(path)) {
    for (const s of [stage, ...during]) {
      const missing = s.needs.find((n) => !have.has(n));
      if (missing) return `${s.name} needs ${missing}, which nothing before it gives`;
    }
    for (const s of [stage, ...during]) {
      if (have.has(s.gives)) return `${s.name} gives ${s.gives}, which a stage before it gave`;
      have.add(s.gives);
    }
  }
  return null;
}

/** Runs the path `name` with `input`: every value it made, and each stage's time in ms. */
export async function runPath(name: PathName, input: PathInput): Promise<{ values: StageValues; stages: Record<string, number>; ms: number }> {
  const run = new BuildRun();
  const values: Partial<StageValues> = { input, run };
  const steps = pathStages(PATHS[name]);
  const ran: Stage[] = [];
  const timed = async (stage: Stage, step: () => unknown) => {
    ran.push(stage);
    const t = performance.now();
    const value = await step();
    run.stages[stage.name] = (run.stages[stage.name] ?? 0) + Math.round(performance.now() - t);
    (values as Record<string, unknown>)[stage.gives] = value;
  };
  let failed = true;
  try {
    for (const { stage, during } of steps) {
      let done = false;
      const duringStages = async () => {
        if (done) return;
        done = true;
        for (const d of during) await timed(d, () => d.run(values as StageValues, { during: async () => {} }));
      };
      await timed(stage, () => stage.run(values as StageValues, { during: duringStages }));
      await duringStages();
    }
    failed = false;
    return { values: values as StageValues, stages: run.stages, ms: Math.round(performance.now() - run.started) };
  } finally {
    for (const stage of ran.reverse()) await stage.close?.(values, failed);
    await run.writesSettled();
    await run.abort();
  }
}
