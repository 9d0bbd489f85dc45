/**
 * The dev renderer, in a worker thread so a template edit gets a fresh
 * module graph (the worker is replaced; nothing stale, nothing leaked).
 * It holds the content and route table, re-reads only the content file that
 * changed, and renders pages on demand with the same stages as `site build`.
 * The pages a change affects are those whose last render read the changed
 * file (trackReads, as the build cache keys pages).
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { listCollections, loadContent, type ContentSnapshot } from '../content/load.ts';
import { selectPublished } from '../content/selectPublished.ts';
import { updateContent } from '../content/updateContent.ts';
import { linkPolicy } from '../content/contentLinks.ts';
import { checkSiteUrl } from '../config.ts';
import { assetUrl } from '../assets/staticFiles.ts';
import { renderPage } from '../render/renderPage.tsx';
import { assertDistinctFiles } from '../routes.ts';
import { redirectTable } from '../redirects/redirectTable.ts';
import { locateRedirect } from '../redirects/locateRedirect.ts';
import { extraFiles } from '../seo/extraFiles.ts';
import { searchFiles } from '../search/searchFiles.ts';
import { fileForPath } from '../seo/absoluteUrl.ts';
import { contentSecurityPolicy } from '../security/contentSecurityPolicy.ts';
import type { Entry, Route } from '../site/defineConfig.ts';
import { embeddedSite } from '../site/embeddedSite.ts';
import { siteRenderer } from '../site/loadSite.ts';
import { guardHooks } from '../site/checkDefinition.ts';
import { setupSocialImages, type SocialSetup } from '../social/socialImageStage.ts';
import { cardDrawer, type DrawCard } from '../social/drawSocialImage.ts';
import { SOCIAL_DIR } from '../social/socialImageKey.ts';
import { toWireError } from './toWireError.ts';
import { keepRegexTableIn, saveRegexTable } from '../content/highlightCode.ts';
import { BuildCache } from '../cache/BuildCache.ts';
import { imageLookup } from '../images/imageLookup.ts';
import { imageStage, namedImages } from '../images/imageStage.ts';
import type { ImageManifest } from '../images/imageTypes.ts';
import type { DevAssets, Rendered, WorkerData, WorkerRequest, WorkerResponse } from './workerProtocol.ts';
import { types } from './contentTypes.ts';

interface State {
  /** As read (what the next edit updates). */
  content: ContentSnapshot;
  /** As pages see it: drafts and later entries included, each marked (content/selectPublished.ts). */
  shown: ContentSnapshot;
  routes: Route[];
  siteUrl: string;
  /** Old path -> its target: answered with a 301, as `site preview` does from `_redirects`. */
  redirects: Map<string, string>;
  /** The search index's files, made when first asked for. */
  search?: Map<string, string>;
  /** The social images' plan (null: the site makes none), made when first needed. */
  social?: SocialSetup | null;
}

// The dev worker runs from a bundle built for the site (workerBundle.ts), which carries it.
if (!embeddedSite) throw new Error('the dev worker runs from a bundle built for a site');
const site = guardHooks(embeddedSite);
const rendering = siteRenderer(site);
const { root, contentDir, templatesDir, cacheDir, siteUrl: siteUrlOverride, regexTableDir } = workerData as WorkerData;
/** The content type a static host gives an output file. */
const typeOf = (file: string) => types[path.extname(file)] ?? 'application/octet-stream';
/** What the content's symbolic links may lead to, as in a build (content/contentLinks.ts). */
const links = linkPolicy(root, contentDir, site.followSymlinks === true);
keepRegexTableIn(regexTableDir ?? null);
/** The content images' variants, stored in the build cache (the dev server serves them from there). */
let images: ImageManifest = {};
const imageCache = () => BuildCache.open(cacheDir ?? null, { read: true });

/** Makes (or finds in the cache) every content image the content names: the same stage as a build's. */
async function loadImages(content: ContentSnapshot): Promise<void> {
  const refs = namedImages([
    ...Object.entries(content.images ?? {}).map(([file, list]) => ({ file, refs: list })),
    ...listCollections(site.collections).flatMap(([name]) => (content.collections[name] as Entry[]).map((e) => ({ file: e.file, refs: e.imageRefs }))),
  ]);
  if (!refs.length) return void (images = {});
  const result = await imageStage({ contentDir, cache: imageCache(), refs, options: site.images, links });
  await result.saved;
  images = result.manifest;
}
let state: State | undefined;
let assets: DevAssets = { stylesheet: '', scripts: [], statics: {}, backendUrl: null };
/** What each page read when it last rendered, by path: the pages a change affects. */
const reads = new Map<string, string[]>();
/** Social images drawn so far, by key (a card drawn once is served again until its data changes). */
const drawn = new Map<string, Promise<Buffer>>();
let drawer: Promise<DrawCard> | undefined;

/** The social images' plan of the current route table: each page names its image as in a build. */
function socialOf(current: State): SocialSetup | null {
  if (current.social === undefined) {
    const meta = site.meta(current.shown.collections);
    current.social = setupSocialImages(site, current.routes, meta, { root, templatesDir }, true);
  }
  return current.social;
}

/** A social image of the plan, drawn on demand (`site dev` makes none ahead). */
async function socialImage(urlPath: string): Promise<Rendered> {
  const social = state && socialOf(state);
  const image = social?.plan.images.find((i) => `/${i.file}` === urlPath);
  if (!social || !image) return null;
  let png = drawn.get(image.key);
  if (!png) {
    drawer ??= cardDrawer(social.fonts);
    png = drawer.then((draw) => draw(social.tree(image)));
    drawn.set(image.key, png);
    png.catch(() => drawn.delete(image.key));
  }
  return { status: 200, body: await png, type: typeOf(urlPath) };
}

function settle(content: ContentSnapshot): State {
  const collections = { ...content.collections };
  for (const [name, list] of listCollections(site.collections)) {
    collections[name] = selectPublished(list, collections[name] as Entry[], { drafts: true, future: true, now: Date.now() }).entries;
  }
  const routes = site.routes(collections) as Route[];
  assertDistinctFiles(routes);
  const redirects = redirectTable(routes, site.redirects, locateRedirect(contentDir, ''));
  return {
    content,
    shown: { ...content, collections },
    routes,
    siteUrl: siteUrlOverride ?? checkSiteUrl(site.meta(collections).url),
    redirects: new Map(redirects.map((r) => [r.from, r.to])),
  };
}

function renderPath(urlPath: string): Rendered {
  if (!state) throw new Error('content not loaded');
  const { shown: content, routes, siteUrl, redirects } = state;
  const to = redirects.get(urlPath);
  if (to !== undefined) return { status: 301, body: '', type: 'text/plain', location: to };
  const asset = assetUrl(assets.statics);
  const extra = extraFiles(site, content.collections, routes, siteUrl, asset)[urlPath.replace(/^\//, '')];
  if (extra !== undefined) return { status: 200, body: extra, type: typeOf(urlPath) };
  if (site.search && (urlPath === '/search/index.json' || urlPath.startsWith('/assets/search/'))) {
    const json = (state.search ??= searchFiles(site.search, content.collections, routes)).get(urlPath.slice(1));
    return json === undefined ? null : { status: 200, body: json, type: typeOf(urlPath) };
  }
  const file = fileForPath(urlPath);
  const route = routes.find((r) => r.file === file) ?? routes.find((r) => r.file === '404.html');
  if (!route) return null;
  const csp = contentSecurityPolicy({ backendUrl: assets.backendUrl, additions: site.csp?.(content.collections) }, 'meta');
  const social = socialOf(state);
  const page = renderPage(site, route, { content: content.collections, routes, siteUrl, asset, image: imageLookup(images) }, { ...assets, csp, ...(social ? { socialImages: social.plan.urls } : {}) });
  reads.set(route.path, page.deps);
  return { status: route.file === file ? 200 : 404, body: page.html, type: typeOf(file) };
}

/** Whether a page that read `deps` shows the content file `file` (relative to the content folder). */
const shows = (deps: string[], file: string) => deps.some((d) => d === file || (d.endsWith('/') && file.startsWith(d)));

async function handle(msg: WorkerRequest): Promise<WorkerResponse> {
  switch (msg.type) {
    case 'assets':
      assets = msg.assets;
      return { id: msg.id, ok: true, affected: '*' };
    case 'load':
      state = settle(await loadContent(contentDir, site.collections, await rendering, links));
      await loadImages(state.content);
      reads.clear();
      return { id: msg.id, ok: true, affected: '*', highlight: site.markdown?.highlight !== false };
    case 'update': {
      if (!state) {
        state = settle(await loadContent(contentDir, site.collections, await rendering, links));
        await loadImages(state.content);
        return { id: msg.id, ok: true, affected: '*' };
      }
      let content = state.content;
      for (const f of msg.files) content = await updateContent(content, f, site.collections, await rendering, links);
      const before = state.routes;
      state = settle(content);
      await loadImages(state.content);
      const routesChanged = before.map((r) => r.path).join() !== state.routes.map((r) => r.path).join();
      const files = msg.files.map((f) => f.split('\\').join('/'));
      // A page never rendered yet has nothing stale to reload. A page shows a file it read (trackReads), or
      // an entry its route carries (the one it renders, related ones); the route table's readers follow any change.
      const byPath = new Map(state.routes.map((r) => [r.path, r]));
      const carries = (path: string, f: string) => JSON.stringify(byPath.get(path) ?? null).includes(JSON.stringify(f));
      const affected = routesChanged
        ? '*'
        : [...reads]
            .filter(([path, deps]) => deps.includes('routes') || files.some((f) => shows(deps, f) || carries(path, f)))
            .map(([path]) => path);
      return { id: msg.id, ok: true, affected };
    }
    case 'render':
      return { id: msg.id, ok: true, result: msg.path.startsWith(`/${SOCIAL_DIR}/`) ? await socialImage(msg.path) : renderPath(msg.path) };
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
