/**
 * The dev renderer, in a worker thread so a template edit gets a fresh module graph (the worker is
 * replaced; nothing stale, nothing leaked). It runs the build's own stages lazily (pipeline/LazyStages.ts,
 * the `dev` path of pipeline/stageList.ts): the content read through the build cache, the plan (drafts
 * and entries dated later shown, marked), the content images, a page rendered when asked for, the extras,
 * the search index and the social images when asked for. What it keeps of its own is what serving needs:
 * which path answers with what (renderDevPath.ts), and which pages a change affects (affectedPages.ts:
 * those whose last render read the changed file).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { keepRegexTableIn, saveRegexTable } from '../content/highlightCode.ts';
import { bundleFolder, useSiteBundle } from '../runBundle.cjs';
import { shareWithSite } from '../site/embeddedSite.ts';
import { LazyStages } from '../pipeline/LazyStages.ts';
import { PATHS, stagesOf } from '../pipeline/stageList.ts';
import { pluginsDevStart } from '../plugins/pluginHooks.ts';
import type { Route } from '../site/defineConfig.ts';
import { SOCIAL_DIR } from '../social/socialImageKey.ts';
import type { AssetNames } from '../stages/assetsStage.ts';
import { BuildRun } from '../stages/BuildRun.ts';
import { rereadContent } from '../stages/contentStage.ts';
import type { PathInput } from '../stages/stageValues.ts';
import { editorAnswer } from '../editor/editorWorker.ts';
import { affectedPages } from './affectedPages.ts';
import { types } from './contentTypes.ts';
import { renderDevPath } from './renderDevPath.ts';
import { toWireError } from './toWireError.ts';
import { SIGN_UP_PATH, type DevAssets, type Rendered, type WorkerData, type WorkerRequest, type WorkerResponse } from './workerProtocol.ts';

const { root, contentDir, cacheDir, siteUrl, site } = workerData as WorkerData;
// The site's templates come as a bundle of their own, which takes React and the engine's exports from this one.
useSiteBundle(site);
shareWithSite(async () => (await import('../site/siteModules.ts')).siteModules);
// shiki's translated regular expressions are kept beside the site's bundle (its .site/cache) and in the engine's table, as a build's threads do.
keepRegexTableIn(bundleFolder());

/** What the build's config stage is given: the site's folders, nothing written, drafts and entries dated later shown. */
const input: PathInput = {
  options: { root, content: contentDir, ...(cacheDir ? { cacheDir } : {}), ...(siteUrl ? { siteUrl } : {}), write: false, progress: false, backend: null, log: () => {} },
  mode: 'dev',
};
/** No page of this run gave its body's words: the search index takes them from the build cache, or renders them. */
const NO_PAGES = { list: [], cached: 0, files: [] };

let assetNames: AssetNames = { stylesheet: '', loader: '', statics: {}, backendUrl: null, files: [] };
let islands: string[] | undefined;
const fresh = () => new LazyStages(stagesOf(PATHS.dev), { input, run: new BuildRun(), pages: NO_PAGES, assetNames });
let stages = fresh();
/** What each page read when it last rendered, by path: the pages a change affects. */
const reads = new Map<string, string[]>();
/**
 * The files of changes not yet applied whole: a change that failed (a file half written, a field left out)
 * is read again with the next one, which may touch another file. So a fix costs a read of the files
 * changed since the last good state, not of every entry.
 */
const unsettled = new Set<string>();
/** Whether the content has been read (a failed first read leaves it unread: the next change reads it whole). */
let loaded = false;

const namesOf = (assets: DevAssets): AssetNames => ({
  stylesheet: assets.stylesheet,
  loader: assets.scripts[0] ?? '',
  statics: assets.statics,
  backendUrl: assets.backendUrl,
  files: assets.files,
});

/** Reads the content afresh (and plans it, with its content images): every page may have changed. */
async function load(): Promise<{ total: number; read: number }> {
  stages = fresh();
  reads.clear();
  unsettled.clear();
  loaded = false;
  const content = await stages.get('content');
  await stages.get('contentSaved');
  await stages.get('images');
  loaded = true;
  return { total: content.listed.reduce((n, l) => n + l.entries.length, 0), read: content.parsed };
}

/** A social image a route names, drawn on demand (`site dev` makes none ahead). */
async function socialImage(urlPath: string): Promise<Rendered> {
  const social = await stages.get('socialOnDemand');
  if (!social) return null;
  const plan = await stages.get('plan');
  const png = await social.image(urlPath, plan.routes, byPath(plan.routes), plan.meta);
  return png ? { status: 200, body: png, type: types['.png']! } : null;
}

const byPaths = new WeakMap<readonly Route[], Map<string, Route>>();
const byPath = (routes: readonly Route[]) => {
  let found = byPaths.get(routes);
  if (!found) byPaths.set(routes, (found = new Map(routes.map((r) => [r.path, r]))));
  return found;
};

async function renderPath(urlPath: string): Promise<Rendered> {
  const { site } = await stages.get('config');
  const plan = await stages.get('plan');
  const { result, page } = await renderDevPath(urlPath, { site, plan, islands, stages });
  if (page) reads.set(page.path, page.deps);
  return result;
}

async function update(files: string[]): Promise<string[] | '*'> {
  if (!loaded) {
    await load();
    return '*';
  }
  for (const f of files) unsettled.add(f);
  const changed = [...unsettled];
  // The plan before the change; none when a failed change left it to be made afresh.
  const before = stages.peek('plan')?.routes;
  const ctx = await stages.get('config');
  await stages.changed('content', (read) => rereadContent(read!, ctx, changed));
  const plan = await stages.get('plan');
  // A new plan may name new content images: encoded before the pages that show them are asked for.
  await stages.get('images');
  unsettled.clear();
  return before ? affectedPages(before, plan.routes, reads, changed) : '*';
}

async function handle(msg: WorkerRequest): Promise<WorkerResponse> {
  switch (msg.type) {
    case 'assets':
      assetNames = namesOf(msg.assets);
      islands = msg.assets.islands;
      await stages.give('assetNames', assetNames);
      return { id: msg.id, ok: true, affected: '*' };
    case 'load': {
      const entries = await load();
      const { site } = await stages.get('config');
      return { id: msg.id, ok: true, affected: '*', highlight: site.markdown?.highlight !== false, allowedHosts: site.allowedHosts ?? [], entries };
    }
    case 'update':
      return { id: msg.id, ok: true, affected: await update(msg.files) };
    case 'render':
      return { id: msg.id, ok: true, result: msg.path.startsWith(`/${SOCIAL_DIR}/`) ? await socialImage(msg.path) : await renderPath(msg.path) };
    case 'started': {
      await pluginsDevStart((await stages.get('config')).site, { url: msg.url });
      const plan = loaded ? await stages.get('plan') : undefined;
      return { id: msg.id, ok: true, signUp: !!plan?.routes.some((r) => r.path === SIGN_UP_PATH) };
    }
    case 'flush':
      await (await stages.get('run')).writesSettled();
      return { id: msg.id, ok: true };
    case 'editor': {
      const { site, render } = await stages.get('config');
      const plan = loaded ? await stages.get('plan') : undefined;
      // What a page read: rendered first when it has not been (the editor looks for the page of a data file).
      const readsOf = async (p: string) => reads.get(p) ?? ((await renderPath(p)) && reads.get(p)) ?? [];
      return { id: msg.id, ok: true, editor: await editorAnswer({ site, render: Promise.resolve(render), ...(plan ? { plan } : {}), readsOf }, msg.ask) };
    }
  }
}

parentPort!.on('message', (msg: WorkerRequest) => {
  handle(msg).then(
    (res) => parentPort!.postMessage(res),
    (e) => parentPort!.postMessage({ id: msg.id, ok: false, error: toWireError(e) } satisfies WorkerResponse),
  ).finally(() => {
    // Once the answer has gone: regular expressions translated for it (a language's first block) are kept
    // for the next start, and the next build (nothing is written when there were none).
    setImmediate(saveRegexTable);
  });
});
