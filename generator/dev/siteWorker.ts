/**
 * The dev renderer, in a worker thread so a template edit gets a fresh
 * module graph (the worker is replaced; nothing stale, nothing leaked).
 * It holds the content and the site's plan (plan/planSite.ts, as a build
 * makes it, with drafts and later entries shown and marked), re-reads only
 * the content file that changed, and renders pages on demand with the same
 * stages as `site build` (renderDevPath.ts). The pages a change affects are
 * those whose last render read the changed file (affectedPages.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { listCollections, listOf, loadFixedContent, type ContentSnapshot } from '../content/load.ts';
import type { RenderMarkdown } from '../content/markdown.ts';
import type { EntryMeta, Route } from '../site/defineConfig.ts';
import { linkPolicy } from '../core/contentLinks.ts';
import { planSite } from '../plan/planSite.ts';
import { locateRedirect } from '../redirects/locateRedirect.ts';
import { embeddedSite } from '../site/embeddedSite.ts';
import { CONFIG_FILE, siteRenderer } from '../site/loadSite.ts';
import { guardHooks } from '../site/checkDefinition.ts';
import { cardDrawer, type DrawCard } from '../social/drawSocialImage.ts';
import { SOCIAL_DIR } from '../social/socialImageKey.ts';
import { keepRegexTableIn, saveRegexTable } from '../content/highlightCode.ts';
import { BuildCache } from '../cache/BuildCache.ts';
import { imageStage } from '../stages/imageStage.ts';
import type { ImageManifest } from '../images/imageTypes.ts';
import { affectedPages } from './affectedPages.ts';
import { bodyOnlyChanges, type BodyChange } from './bodyOnlyChanges.ts';
import { DevBodies } from './DevBodies.ts';
import { readDevList } from './devEntries.ts';
import { devSearchFiles } from './devSearchFiles.ts';
import { DevSocial } from './DevSocial.ts';
import { updateDevContent } from './updateDevContent.ts';
import { types } from './contentTypes.ts';
import { renderDevPath, type DevPlan } from './renderDevPath.ts';
import { toWireError } from './toWireError.ts';
import { editorCheck, editorMarkdown, editorSite } from '../editor/editorWorker.ts';
import { pluginsDevStart } from '../plugins/pluginHooks.ts';
import type { DevAssets, Rendered, WorkerData, WorkerRequest, WorkerResponse } from './workerProtocol.ts';

interface State extends DevPlan {
  /** As read (what the next edit updates). */
  content: ContentSnapshot;
  /** Route path -> route. */
  byPath?: Map<string, Route>;
}

// The dev worker runs from a bundle built for the site (workerBundle.ts), which carries it.
if (!embeddedSite) throw new Error('the dev worker runs from a bundle built for a site');
const site = guardHooks(embeddedSite);
const rendering = siteRenderer(site);
const { root, contentDir, templatesDir, cacheDir, siteUrl, regexTableDir } = workerData as WorkerData;
/** What the content's symbolic links may lead to, as in a build (core/contentLinks.ts). */
const links = linkPolicy(root, contentDir, site.followSymlinks === true);
const locate = locateRedirect(contentDir, path.join(root, CONFIG_FILE));
keepRegexTableIn(regexTableDir ?? null);
/** The content images' variants, stored in the build cache (the dev server serves them from there). */
let images: ImageManifest = {};
let state: State | undefined;
let assets: DevAssets = { stylesheet: '', scripts: [], statics: {}, backendUrl: null, files: [] };
/** What each page read when it last rendered, by path: the pages a change affects. */
const reads = new Map<string, string[]>();
/** Social images drawn so far, by key (a card drawn once is served again until its data changes). */
const drawn = new Map<string, Promise<Buffer>>();
let drawer: Promise<DrawCard> | undefined;
/** The build cache, where the lists' entries and body words are kept between starts (a folder it may not claim: none kept). */
const cache = (() => {
  try {
    return BuildCache.open(cacheDir ?? null, { read: true });
  } catch {
    return BuildCache.open(null, { read: true });
  }
})();
/** What the cache keeps is valid for this bundle only: its name hashes its code (the generator, the templates, the schemas). */
const cacheKey = `dev:${path.basename(fileURLToPath(import.meta.url))}`;
let devBodies: DevBodies | undefined;
const bodies = () => (devBodies ??= new DevBodies(contentDir, listCollections(site.collections).map(([, l]) => l), bodyRenderer!, cache, cacheKey));
/** The markdown renderer, once loaded (the site's first load awaits it). */
let bodyRenderer: RenderMarkdown | undefined;
void rendering.then((r) => (bodyRenderer = r), () => {});

/** The plan of the content as read: what a build with drafts and later entries shows; and its content images. */
async function settle(content: ContentSnapshot): Promise<State> {
  const plan = planSite({ site, content, publish: { drafts: true, future: true, now: Date.now() }, siteUrl, locate });
  const result = plan.images.length
    ? await imageStage({ contentDir, cache: BuildCache.open(cacheDir ?? null, { read: true }), refs: plan.images, options: site.images, links })
    : null;
  await result?.saved;
  images = result?.manifest ?? {};
  return { content, plan, redirects: new Map(plan.redirects.map((r) => [r.from, r.to])) };
}

/** Social images, named route by route as pages render (null: the site makes none), made when first needed. */
let social: DevSocial | null | undefined;
const socialImages = () => (social === undefined ? (social = DevSocial.open(site, { root, templatesDir })) : social);
const byPathOf = (current: State) => (current.byPath ??= new Map(current.plan.routes.map((r) => [r.path, r])));

/** A social image a route names, drawn on demand (`site dev` makes none ahead). */
async function socialImage(urlPath: string): Promise<Rendered> {
  const s = state && socialImages();
  const found = s && state ? s.find(urlPath, state.plan.routes, byPathOf(state), state.plan.meta) : null;
  if (!s || !found) return null;
  const { image, tree } = found;
  let png = drawn.get(image.key);
  if (!png) {
    drawer ??= cardDrawer(s.fonts);
    png = drawer.then((draw) => draw(tree()));
    drawn.set(image.key, png);
    png.catch(() => drawn.delete(image.key));
  }
  return { status: 200, body: await png, type: types['.png']! };
}

function renderPath(urlPath: string): Rendered {
  if (!state) throw new Error('content not loaded');
  const current = state;
  const s = socialImages();
  const { result, page } = renderDevPath(urlPath, {
    site,
    current,
    assets,
    images,
    ...(s ? { socialUrl: (route: Route) => s.urlOf(route, current.plan.meta) } : {}),
    body: (entry) => bodies().body(entry),
    search: () => {
      const files = devSearchFiles(site.search, current.plan.content.collections, current.plan.routes, (entry) => bodies().bodyWords(entry), site.i18n);
      const searched = site.search ? (current.content.collections[site.search.collection] as EntryMeta[]) : [];
      void bodies().saveWords(searched).catch(() => {});
      return files;
    },
    locate,
  });
  if (page) reads.set(page.path, page.deps);
  return result;
}

/**
 * Entries whose body alone changed: the plan stands, each entry (and the plan's copy of it: a scheduled
 * entry is marked on a copy) takes its new hash, and the search index is made again when next asked for.
 */
function patchBodies(current: State, changes: BodyChange[]): void {
  for (const { entry, hash } of changes) {
    const list = current.plan.content.collections[listName(entry.file)] as EntryMeta[] | undefined;
    const shown = list?.find((e) => e.file === entry.file);
    entry.hash = hash;
    if (shown) shown.hash = hash;
    bodies().forget(entry.file);
  }
  current.search = undefined;
}

/** The name of the list collection a content file belongs to. */
function listName(file: string): string {
  const lists = listCollections(site.collections);
  const list = listOf(lists.map(([, l]) => l), file);
  return lists.find(([, l]) => l === list)?.[0] ?? '';
}

/**
 * Every collection: the lists' entries from the build cache where their files are unchanged (devEntries.ts),
 * the file and record collections read afresh, and the lists' packs written where they changed.
 */
/** The list entries of the last full load, and how many of them were read (not taken from the cache). */
let loadedEntries = { total: 0, read: 0 };

async function loadAll(): Promise<ContentSnapshot> {
  const render = await rendering;
  const fixed = loadFixedContent(contentDir, site.collections, render, links);
  fixed.catch(() => {});
  const lists = listCollections(site.collections).map(([name, list]) => ({ name, read: readDevList(contentDir, name, list, render, links, cache, cacheKey) }));
  const content = await fixed;
  for (const { name, read } of lists) content.collections[name] = read.entries;
  loadedEntries = { total: lists.reduce((n, l) => n + l.read.entries.length, 0), read: lists.reduce((n, l) => n + l.read.read, 0) };
  // Written before the answer (a stop right after the start must find them), only when something was read.
  await Promise.all(lists.map((l) => l.read.save())).catch(() => {});
  return content;
}

async function handle(msg: WorkerRequest): Promise<WorkerResponse> {
  switch (msg.type) {
    case 'assets':
      assets = msg.assets;
      // The files besides the pages name the static files and allow the backend: made again when next asked for.
      if (state) state.files = undefined;
      return { id: msg.id, ok: true, affected: '*' };
    case 'load':
      state = await settle(await loadAll());
      reads.clear();
      return { id: msg.id, ok: true, affected: '*', highlight: site.markdown?.highlight !== false, allowedHosts: site.allowedHosts ?? [], entries: loadedEntries };
    case 'update': {
      if (!state) {
        state = await settle(await loadAll());
        return { id: msg.id, ok: true, affected: '*' };
      }
      let content = state.content;
      for (const f of msg.files) content = await updateDevContent(content, f, site.collections, await rendering, links);
      const before = state.plan.routes;
      const bodies = bodyOnlyChanges(state.content, content);
      if (bodies) patchBodies(state, bodies);
      else state = await settle(content);
      return { id: msg.id, ok: true, affected: affectedPages(before, state.plan.routes, reads, msg.files) };
    }
    case 'render':
      return { id: msg.id, ok: true, result: msg.path.startsWith(`/${SOCIAL_DIR}/`) ? await socialImage(msg.path) : renderPath(msg.path) };
    case 'started':
      await pluginsDevStart(site, { url: msg.url });
      return { id: msg.id, ok: true };
    case 'editor': {
      const ask = msg.ask;
      if (ask.kind === 'site') {
        if (!state) throw new Error('content not loaded');
        return { id: msg.id, ok: true, editor: editorSite(site, state.plan.content.collections, state.plan.routes) };
      }
      if (ask.kind === 'check') return { id: msg.id, ok: true, editor: editorCheck(site, await rendering, ask.file, ask.text) };
      return { id: msg.id, ok: true, editor: editorMarkdown(await rendering, ask.file, ask.body) };
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
