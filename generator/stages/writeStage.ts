/**
 * The write stage: the build's report (buildReport.ts); the cache's packs (written meanwhile, off this
 * thread) awaited; then the output goes in place (a big previous output is deleted in the background: the
 * new one is in place either way). Last, the build record (buildRecord.ts): what this build read and left,
 * for the next `site build` to find nothing changed. Then the done stage: the plugins' buildDone hooks.
 */
import { articleListHash, fileListInput, isFileList, outputStamps, writeBuildRecord, type BuildReport, type InputList } from './buildRecord.ts';
import { OUTPUT_MARKER } from '../output/outputMarker.ts';
import type { SitePlan } from '../plan/planSite.ts';
import { recordKey } from './buildKey.ts';
import type { BuildRun } from './BuildRun.ts';
import { buildReport } from './buildReport.ts';
import { pluginsBuildDone } from '../plugins/pluginHooks.ts';
import { defineStage } from './Stage.ts';
import type { BuildContext } from './configStage.ts';
import type { ContentRead } from './contentStage.ts';

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

/** What the write stage leaves: the build's report and every file of the output. */
export interface WrittenValue {
  report: BuildReport;
  /** Every output file, the pages first, relative to the output folder. */
  files: string[];
}

export const writeStage = defineStage({
  name: 'write',
  gives: 'written',
  needs: ['config', 'run', 'content', 'plan', 'pages', 'assets', 'extras', 'search', 'js'],
  reads: ['images', 'socialImages'],
  runs: 'site',
  async run({ config: ctx, run, content, plan, pages, assets, extras, search, js, images, socialImages: placed }): Promise<WrittenValue> {
    const { config, site, pool } = ctx;
    const others = new Map([...assets.files, ...extras, ...search.files]);
    const report = buildReport({
      pages: pages.list,
      cachedPages: pages.cached,
      others,
      images: { files: [...(images?.files ?? []), ...pages.files], encoded: images?.encoded ?? 0, cached: images?.cached ?? 0, named: images?.inputs.length ?? 0 },
      social: placed ?? null,
      socialOff: !!site.socialImages && !config.socialImages,
      entries: { total: content.listed.reduce((n, r) => n + r.entries.length, 0), parsed: content.parsed },
      workers: pool.workerCount,
      js,
      held: plan.held,
    });
    const stamps = new Map<string, string>();
    for (const p of pages.list) if (p.written) stamps.set(p.file, p.written);
    for (const [file, stamp] of placed?.files ?? []) if (stamp) stamps.set(file, stamp);
    const files = [
      ...pages.list.map((p) => p.file),
      ...others.keys(),
      ...(images?.files.map((f) => f.file) ?? []),
      ...(placed?.files.keys() ?? []),
      ...pages.files.map((f) => f.file),
    ];
    await commitBuild(ctx, run, content, plan, { files, stamps, images: images?.inputs ?? [] }, report);
    return { report, files };
  },
});

/** The site's plugins told the output is in place (their buildDone hooks), with its pages and other files. */
export const doneStage = defineStage({
  name: 'done',
  gives: 'done',
  needs: ['config', 'pages', 'written'],
  runs: 'site',
  async run({ config: { config, site }, pages, written }): Promise<true> {
    if (config.write) await pluginsBuildDone(site, { outDir: config.outDir, pages: pages.list.map((p) => ({ url: p.path, file: p.file })), files: written.files.slice(pages.list.length) });
    return true;
  },
});
