/**
 * The output stage: the folder the build fills opened beside the previous output (a build that fails
 * leaves that one as it was: output/writeOutput.ts), or memory with `write: false`. A whole build (not a
 * shard's nor the merge's) writes into its previous output in place, its changed files alone; the assets and the
 * content images this path made go in first, before the pages stream in.
 */
import { readFileSync } from 'node:fs';
import { stampAt } from '../core/stampOf.ts';
import { placeImage } from '../images/contentImages.ts';
import { OutputDir } from '../output/writeOutput.ts';
import { defineStage } from './Stage.ts';

export const outputStage = defineStage({
  name: 'output',
  gives: 'output',
  needs: ['input', 'config', 'run', 'assets'],
  reads: ['images'],
  runs: 'site',
  async run({ input, config: { config }, run, assets, images }): Promise<true> {
    if (config.write) run.out = await OutputDir.open(config.outDir, { keep: config.keep, inPlace: !input.slice && !input.merge });
    for (const [file, data] of assets.files) run.emit(file, data);
    for (const { file, from } of images?.files ?? []) {
      if (run.out?.holds(file, stampAt(from))) continue;
      if (run.out) placeImage(from, run.out.pathFor(file));
      else run.memory.set(file, readFileSync(from));
    }
    return true;
  },
});
