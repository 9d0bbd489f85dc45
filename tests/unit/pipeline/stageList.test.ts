/**
 * The one list of stages and its paths: every path needs only what a stage before it gives (or what the
 * runner gives), gives each value once, and the paths agree on the stages they share.
 */
import { describe, expect, it } from 'vitest';
import { pathProblem, pathStages } from '../../../generator/pipeline/runPath.ts';
import { PATHS, STAGES, type StageKey } from '../../../generator/pipeline/stageList.ts';

describe('the paths of the one list of stages', () => {
  it.each(Object.entries(PATHS).filter(([name]) => name !== 'dev'))('%s: every stage has what it needs from the stages before it', (_, path) => {
    expect(pathProblem(path)).toBeNull();
  });

  it("dev: every stage has what it needs, given the server's assets and no pages rendered by the run", () => {
    expect(pathProblem(PATHS.dev, ['input', 'run', 'assetNames', 'pages'])).toBeNull();
  });

  it('finds a stage that needs what no stage before it gives, and a value given twice', () => {
    expect(pathProblem(['config', 'routes'])).toMatch(/routes needs content/);
    expect(pathProblem(['config', 'content', 'content' as StageKey])).toMatch(/content gives content, which a stage before it gave/);
  });

  it('runs the extras while the shards render in a build, and after the join in the merge', () => {
    const during = (path: readonly StageKey[]) => Object.fromEntries(pathStages(path).filter((s) => s.during.length).map((s) => [s.stage.name, s.during.map((d) => d.name)]));
    expect(during(PATHS.build)).toEqual({ render: ['saveContent', 'extras'] });
    expect(during(PATHS.merge)).toEqual({ render: ['extras'] });
  });

  it('has one stage per key, and every stage of every path is in the list', () => {
    for (const path of Object.values(PATHS)) for (const key of path) expect(STAGES[key], key).toBeDefined();
  });
});
