/**
 * Serves a built folder the way a static host does: clean URLs
 * ("/about" -> about.html, "/" -> index.html), 404.html with status 404,
 * the headers from a `_headers` file and the redirects of a `_redirects` file
 * (Netlify / Cloudflare Pages format) where present, gzip or brotli for text. Those two files are the host's, not
 * the site's: they answer 404, as on the host. A request naming a Host it does not answer gets 403
 * (hostCheck.ts). Used by `site preview` and by the end-to-end tests.
 */
import { createReadStream } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parseHeadersFile, headersFor, type HeaderRule } from './parseHeadersFile.ts';
import { parseRedirectsFile } from './parseRedirectsFile.ts';
import { listen, serverUrl } from './listen.ts';
import { blockedHostText, hostAllowed, type AllowedHosts } from './hostCheck.ts';
import { OUTPUT_MARKER } from '../output/outputMarker.ts';
import { types } from './contentTypes.ts';

export { types } from './contentTypes.ts';

export interface StaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

async function isFile(p: string): Promise<boolean> {
  return stat(p).then((s) => s.isFile(), () => false);
}

/** The files a static host reads and never serves. */
const HOST_FILES = new Set(['_headers', '_redirects']);

/** The file a request path maps to, or null. Never escapes `dir`, and never names the build's marker file or a host's file. */
export async function resolveStaticPath(dir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]!);
  } catch {
    return null;
  }
  const clean = path.posix.normalize(decoded).replace(/^\/+/, '');
  if (clean.startsWith('..') || clean.includes('\0') || clean.split('/').includes(OUTPUT_MARKER)) return null;
  if (HOST_FILES.has(clean.replace(/\/+$/, ''))) return null;
  const base = path.join(dir, clean);
  const candidates = clean === '' ? [path.join(dir, 'index.html')] : [base, `${base.replace(/\/+$/, '')}.html`, path.join(base, 'index.html')];
  for (const c of candidates) if (c.startsWith(dir) && (await isFile(c))) return c;
  return null;
}

const compressible = /^(text\/|application\/(json|xml)|image\/svg)/;

export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  if (!accept) return null;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return null;
}

const cache = new Map<string, { mtime: number; body: Buffer }>();

/** Compressed bytes of a file, cached until the file changes (as a CDN would). */
async function compressed(file: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const key = `${encoding}:${file}`;
  const { mtimeMs } = await stat(file);
  const hit = cache.get(key);
  if (hit && hit.mtime === mtimeMs) return hit.body;
  const raw = await readFile(file);
  const body =
    encoding === 'br' ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(raw, { level: 9 });
  cache.set(key, { mtime: mtimeMs, body });
  return body;
}

/** `host`: the address to listen on (default 127.0.0.1); it and `allowedHosts` are the Hosts answered besides IP addresses and localhost (hostCheck.ts). */
export async function serveStatic(options: { dir: string; port?: number; host?: string; allowedHosts?: AllowedHosts }): Promise<StaticServer> {
  const dir = path.resolve(options.dir);
  const rules: HeaderRule[] = parseHeadersFile(await readFile(path.join(dir, '_headers'), 'utf8').catch(() => ''));
  const redirects = parseRedirectsFile(await readFile(path.join(dir, '_redirects'), 'utf8').catch(() => ''));
  const hosts = { allowedHosts: options.allowedHosts, host: options.host };
  const server = http.createServer(async (req, res) => {
    if (!hostAllowed(req.headers.host, hosts)) return void res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' }).end(blockedHostText(req.headers.host));
    const [urlPath, query] = (req.url ?? '/').split('?') as [string, string | undefined];
    // An old path answers with its redirect before any file, as Cloudflare Pages does; the query goes along.
    const redirect = redirects.get(urlPath);
    if (redirect) {
      res.writeHead(redirect.status, { location: query !== undefined && !redirect.to.includes('?') ? `${redirect.to}?${query}` : redirect.to }).end();
      return;
    }
    // "/about.html" and "/about/" redirect to the clean URL, as Cloudflare Pages does.
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
    const encoding = compressible.test(headers['content-type']!) ? pickEncoding(req.headers['accept-encoding']) : null;
    headers.vary = 'Accept-Encoding';
    if (!encoding) {
      res.writeHead(status, headers);
      if (req.method === 'HEAD') return void res.end();
      return void createReadStream(target).pipe(res);
    }
    const body = await compressed(target, encoding);
    res.writeHead(status, { ...headers, 'content-encoding': encoding, 'content-length': String(body.byteLength) });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  const port = await listen(server, options.port ?? 0, options.host);
  return {
    url: serverUrl(options.host, port),
    port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
