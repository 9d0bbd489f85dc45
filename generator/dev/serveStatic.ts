/**
 * Serves a built folder the way a static host does: clean URLs
 * ("/pricing" -> pricing.html, "/" -> index.html), 404.html with status 404,
 * and the headers from a `_headers` file (Netlify / Cloudflare Pages format)
 * where present. Used by `site preview` and by the end-to-end tests.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseHeadersFile, headersFor, type HeaderRule } from './headersFile.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

async function isFile(p: string): Promise<boolean> {
  return stat(p).then((s) => s.isFile(), () => false);
}

/** The file a request path maps to, or null. Never escapes `dir`. */
export async function resolveStaticPath(dir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]!);
  } catch {
    return null;
  }
  const clean = path.posix.normalize(decoded).replace(/^\/+/, '');
  if (clean.startsWith('..') || clean.includes('\0')) return null;
  const base = path.join(dir, clean);
  const candidates = clean === '' ? [path.join(dir, 'index.html')] : [base, `${base.replace(/\/+$/, '')}.html`, path.join(base, 'index.html')];
  for (const c of candidates) if (c.startsWith(dir) && (await isFile(c))) return c;
  return null;
}

export async function serveStatic(options: { dir: string; port?: number; host?: string }): Promise<StaticServer> {
  const dir = path.resolve(options.dir);
  const rules: HeaderRule[] = parseHeadersFile(await readFile(path.join(dir, '_headers'), 'utf8').catch(() => ''));
  const server = http.createServer(async (req, res) => {
    const urlPath = (req.url ?? '/').split('?')[0]!;
    // "/pricing.html" and "/pricing/" redirect to the clean URL, as Cloudflare Pages does.
    if (/\.html$/.test(urlPath) || (urlPath.length > 1 && urlPath.endsWith('/'))) {
      const target = urlPath.replace(/(index)?\.html$/, '').replace(/(.)\/+$/, '$1') || '/';
      if (target !== urlPath && urlPath !== '/404.html') {
        res.writeHead(308, { location: target }).end();
        return;
      }
    }
    const file = await resolveStaticPath(dir, urlPath);
    const status = file ? 200 : 404;
    const target = file ?? path.join(dir, '404.html');
    const ext = path.extname(target);
    const headers: Record<string, string> = { 'content-type': types[ext] ?? 'application/octet-stream' };
    Object.assign(headers, headersFor(rules, urlPath));
    if (!(await isFile(target))) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(status, headers);
    if (req.method === 'HEAD') return void res.end();
    createReadStream(target).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
