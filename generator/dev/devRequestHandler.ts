/**
 * What `site dev` answers: the live-reload client and its events, the assets (stylesheet, static files,
 * widget bundle), the content images from the build cache, and everything else as the render worker
 * renders it (pages with the live-reload script added, redirects, extra files, search index, social
 * images); the error overlay while a change left the site broken. The editor (editor/editorHandler.ts)
 * answers under its token path, and each page of an entry links to it ("Edit this page") when asked for
 * on this machine. A request naming a Host the server does not answer gets 403 (hostCheck.ts).
 */
import { readFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { types } from './contentTypes.ts';
import { DEV_CLIENT_PATH, DEV_EVENTS_PATH, devClientSource } from './devClient.ts';
import type { DevSite } from './DevSite.ts';
import { editLink } from '../editor/editorPage.ts';
import { EDITOR_PREFIX, isEditorHost } from '../editor/editorAccess.ts';
import { blockedHostText, hostAllowed, type HostRule } from './hostCheck.ts';
import { overlayHtml } from './overlay.ts';
import type { SseHub } from './sse.ts';
import { toWireError } from './toWireError.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

const notFound = (res: http.ServerResponse) => void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
const send = (res: http.ServerResponse, status: number, type: string, body: string | Uint8Array) =>
  void res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);

/** The editor: its requests, and its page's path (with the token). */
export interface DevEditor {
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void>;
  base: string;
}

/**
 * `imagesDir`: where the render worker stores the content images' variants, by their content-addressed names;
 * `hosts`: the Hosts it answers (hostCheck.ts), asked at each request (the config's may change).
 */
export function devRequestHandler(site: DevSite, hub: SseHub, imagesDir: string, editor?: DevEditor, hosts: () => HostRule = () => ({})): Handler {
  return async (req, res) => {
    // Before anything else, so that a page of another site that reached this server through a name of its own learns nothing.
    if (!hostAllowed(req.headers.host, hosts())) return void res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(blockedHostText(req.headers.host));
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The error page, as every page, carries the version it was made at: it reloads when a later change
    // was made (on connecting, or on a change event), never because it shows an error.
    let version = site.version;
    try {
      if (url.pathname === DEV_EVENTS_PATH) return hub.attach(res, { version: site.version, error: site.error, css: site.assets.page().stylesheet });
      if (url.pathname === DEV_CLIENT_PATH) return send(res, 200, types['.js']!, devClientSource);
      if (editor && url.pathname.startsWith(EDITOR_PREFIX)) return await editor.handle(req, res, url);
      await site.settled();
      if (url.pathname.startsWith('/assets/images/')) {
        const name = path.posix.basename(url.pathname);
        const body = name.startsWith('.') ? null : await readFile(path.join(imagesDir, name)).catch(() => null);
        return body ? send(res, 200, types[path.extname(name)] ?? 'application/octet-stream', body) : notFound(res);
      }
      // The search index's shards and the social images are made from the content, by the worker (below).
      const asset = site.assets.get(url.pathname);
      if (asset) return send(res, 200, asset.type, asset.body);
      if (url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/assets/search/') && !url.pathname.startsWith('/assets/social/')) return notFound(res);
      if (site.error) return send(res, 500, types['.html']!, overlayHtml(site.error, `${DEV_CLIENT_PATH}?v=${version}`));
      version = site.version;
      const result = await site.render(url.pathname);
      if (!result) return void res.writeHead(404).end();
      if (result.location) return void res.writeHead(result.status, { location: result.location, 'cache-control': 'no-store' }).end();
      const html = result.type.startsWith('text/html') && typeof result.body === 'string' ? result.body : null;
      // Not inside a frame (the editor shows the page in one): the link would lead the frame to the editor.
      // Only on a page asked for by a Host the editor answers: its link carries the editor's secret.
      const framed = req.headers['sec-fetch-dest'] === 'iframe';
      const local = isEditorHost(req.headers.host, req.socket.localPort ?? 0);
      const withLink = html !== null && editor && result.entry && !framed && local ? html.replace(/<\/body>(?![\s\S]*<\/body>)/, `${editLink(editor.base, result.entry)}</body>`) : html;
      const body = withLink !== null ? withLink.replace('</head>', `<script type="module" src="${DEV_CLIENT_PATH}?v=${site.version}"></script></head>`) : result.body;
      send(res, result.status, result.type, body);
    } catch (e) {
      send(res, 500, types['.html']!, overlayHtml(toWireError(e), `${DEV_CLIENT_PATH}?v=${version}`));
    }
  };
}
