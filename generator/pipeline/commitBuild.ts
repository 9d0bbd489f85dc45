/**
 * The write stage: the cache's packs first (written meanwhile, off this thread); then the output goes
 * in place (a big previous output is deleted in the background: the new one is in place either way).
 * Last, the build record (generator/cache/buildRecord.ts): what this build read and left, for the next
 * `site build` to find nothing changed.
 */
import { articleListHash, fileListInput, isFileList, outputStamps, writeBuildRecord, type BuildReport, type InputList } from '../cache/buildRecord.ts';
import { OUTPUT_MARKER } from '../output/outputMarker.ts';
import type { SitePlan } from '../plan/planSite.ts';
import { recordKey } from './buildKey.ts';
import type { BuildRun } from './BuildRun.ts';
import type { BuildContext } from './openBuild.ts';
import type { ContentRead } from './readContent.ts';

/** Routes from which the previous output is deleted in the background. */
const BIG_SITE = 1000;

export interface Written {
  /** Every output file, relative to the output folder. */
  files: string[];
  /** Stamps the build took from files it had open (pages, social images), by file. */
  stamps: Map<string, string>;
  /** Content images read: content-relative path, stamp before reading, hash. */
  images: InputList;
}

export async function commitBuild(ctx: BuildContext, run: BuildRun, read: ContentRead, plan: SitePlan, written: Written, report: BuildReport): Promise<void> {
  const { config, cache, record, lists, generatorKey } = ctx;
  await run.writesDone();
  if (!run.out) return;
  await run.out.commit({ background: plan.routes.length >= BIG_SITE });
  run.out = null;
  if (!record) return;
  const listHash = (rel: string) => articleListHash(read.listed[lists.findIndex(([, l]) => fileListInput(l) === rel)]!.files);
  writeBuildRecord(cache, {
    key: recordKey(await generatorKey, record.widgetsKey, config),
    started: record.started,
    // Once the first entry dated later is due, a build would show it (or drop its marker): not up to date.
    releases: plan.due,
    inputs: [
      ...[...record.stamps].map(([rel, stamp]): [string, string, string] => [rel, stamp, isFileList(rel) ? listHash(rel) : (read.content.hashes[rel] ?? '')]),
      ...read.listed.flatMap((r) => [...r.stamps].map(([file, { stamp, hash }]): [string, string, string] => [file, stamp, hash])),
      ...written.images,
    ],
    outputs: outputStamps(config.outDir, [...written.files, OUTPUT_MARKER], written.stamps),
    report,
  });
}
