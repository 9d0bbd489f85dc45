/**
 * The dev renderer, in a worker thread so a template edit gets a fresh
 * module graph (the worker is replaced; nothing stale, nothing leaked).
 * It holds the content and route table, re-reads only the content file that
 * changed, and renders pages on demand with the same stages as `site build`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadContent, type Content } from '../content/load.ts';
import { updateContent } from '../content/updateContent.ts';
import { checkSiteUrl } from '../config.ts';
import { assetUrl } from '../assets/staticFiles.ts';
import { renderPage } from '../render/renderPage.tsx';
import { buildRoutes, routeReads, type Route } from '../routes.ts';
import { extraFiles } from '../seo/extraFiles.ts';
import { fileForPath } from '../seo/absoluteUrl.ts';
import { contentSecurityPolicy } from '../security/contentSecurityPolicy.ts';
import { toWireError } from './toWireError.ts';
import type { DevAssets, WorkerRequest, WorkerResponse } from './workerProtocol.ts';

interface State {
  content: Content;
  routes: Route[];
  siteUrl: string;
}

const { contentDir, siteUrl: siteUrlOverride } = workerData as { contentDir: string; siteUrl?: string };
let state: State | undefined;
let assets: DevAssets = { stylesheet: '', scripts: [], statics: {}, backendUrl: null };

function settle(content: Content): State {
  const routes = buildRoutes(content);
  return { content, routes, siteUrl: siteUrlOverride ?? checkSiteUrl(content.site.url) };
}

function render(urlPath: string): { status: number; body: string; type: string } | null {
  if (!state) throw new Error('content not loaded');
  const { content, routes, siteUrl } = state;
  const extra = extraFiles(content, routes, siteUrl)[urlPath.replace(/^\//, '')];
  if (extra !== undefined) return { status: 200, body: extra, type: urlPath.endsWith('.txt') ? 'text/plain' : 'application/xml' };
  const file = fileForPath(urlPath);
  const route = routes.find((r) => r.file === file) ?? routes.find((r) => r.file === '404.html')!;
  const ctx = {
    content,
    routes,
    siteUrl,
    asset: assetUrl(assets.statics),
  };
  const csp = contentSecurityPolicy({ backendUrl: assets.backendUrl, videoUrl: content.site.demoVideoUrl }, 'meta');
  return { status: route.file === file ? 200 : 404, body: renderPage(route, ctx, { ...assets, csp }), type: 'text/html' };
}

async function handle(msg: WorkerRequest): Promise<WorkerResponse> {
  switch (msg.type) {
    case 'assets':
      assets = msg.assets;
      return { id: msg.id, ok: true, affected: '*' };
    case 'load':
      state = settle(await loadContent(contentDir));
      return { id: msg.id, ok: true, affected: '*' };
    case 'update': {
      if (!state) {
        state = settle(await loadContent(contentDir));
        return { id: msg.id, ok: true, affected: '*' };
      }
      let content = state.content;
      for (const f of msg.files) content = await updateContent(content, f);
      const before = state.routes;
      state = settle(content);
      const routesChanged = before.map((r) => r.path).join() !== state.routes.map((r) => r.path).join();
      const affected = routesChanged
        ? '*'
        : state.routes.filter((r) => msg.files.some((f) => routeReads(r, f))).map((r) => r.path);
      return { id: msg.id, ok: true, affected };
    }
    case 'render':
      return { id: msg.id, ok: true, result: render(msg.path) };
  }
}

parentPort!.on('message', (msg: WorkerRequest) => {
  handle(msg).then(
    (res) => parentPort!.postMessage(res),
    (e) => parentPort!.postMessage({ id: msg.id, ok: false, error: toWireError(e) } satisfies WorkerResponse),
  );
});
