import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { apiErrorBody, apiErrorResponse, apiOf, type EdgeError } from './apiErrorResponse.ts';

export const MAX_BODY_BYTES = 1024 * 1024;

/** What the socket tells about the caller: its address keys the auth rate limits (no proxy headers are trusted). */
export interface ClientInfo {
  remoteAddress: string;
}

/** What answers the requests: createApp.ts. */
export type App = (request: Request, client: ClientInfo) => Promise<Response>;

/** Methods node:http parses but a fetch Request cannot carry. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

const TOO_LARGE: EdgeError = {
  status: 413,
  restCode: '413',
  authCode: 'request_entity_too_large',
  message: `Request body too large (max ${MAX_BODY_BYTES} bytes)`,
};
const INTERNAL: EdgeError = {
  status: 500,
  restCode: 'XX000',
  authCode: 'unexpected_failure',
  message: 'Internal error of the embedded backend; see its output.',
};

/**
 * Serves a Request -> Response function over node:http. What never reaches
 * the app is still answered in the shape of the API the path names
 * (apiErrorResponse.ts): bodies over 1 MB get 413 (the rest of the body is
 * read and dropped, so the client sees the answer instead of a reset;
 * /storage/v1 bodies are streamed to the app instead, which limits them),
 * methods a fetch Request cannot carry (TRACE, CONNECT) 405, a request
 * target that is not a path 400, and what node:http itself refuses (an
 * unparsable request 400, a URL and headers over its 16 KB limit 431).
 * Anything else that fails is an internal error: logged, answered 500.
 * `app` may be a promise: the port is listened on at once, and requests wait for the app.
 */
export async function serveHttp(
  app: App | Promise<App>,
  options: { port: number; host: string; log?: (line: string) => void },
): Promise<{ server: http.Server; port: number }> {
  const log = options.log ?? (() => {});
  // The port may be taken before the app is ready (startBackend.ts): a request that comes first waits for it.
  const ready = Promise.resolve(app);
  ready.catch(() => {});
  let base = '';
  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      // The client went away (or node:http dropped the connection after a parse error): nobody to answer.
      if ((error as NodeJS.ErrnoException).code === 'ECONNRESET' || req.socket.destroyed) return res.destroy();
      log(`${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`);
      if (res.headersSent) return res.destroy();
      const response = apiErrorResponse(pathOf(req.url), INTERNAL);
      res.writeHead(500, { 'Content-Type': response.headers.get('content-type')! });
      void response.text().then((text) => res.end(text));
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    const overflow = error.code === 'HPE_HEADER_OVERFLOW';
    const edge: EdgeError = overflow
      ? { status: 431, restCode: '431', authCode: 'validation_failed', message: 'Request header fields too large: the URL and headers are limited to 16 KB.' }
      : { status: 400, restCode: '400', authCode: 'validation_failed', message: `Bad request: ${error.code ?? 'the request could not be parsed'}.` };
    const [, method, target] = /^([A-Za-z]+) (\S+)/.exec(error.rawPacket?.toString('latin1') ?? '') ?? [];
    const body = JSON.stringify(apiErrorBody(apiOf(pathOf(target)), edge));
    socket.end(
      `HTTP/1.1 ${edge.status} ${http.STATUS_CODES[edge.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${method === 'HEAD' ? '' : body}`,
    );
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(req.headers['content-length'] ?? 0);
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    // Storage bodies (uploads) stream to the route, which applies its own limits; others are read first.
    const streamed = apiOf(pathOf(target)) === 'storage' && method !== 'GET' && method !== 'HEAD';
    if (!streamed) {
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size <= MAX_BODY_BYTES && declared <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
      }
    }
    let edge: EdgeError | null = null;
    if (!streamed && (size > MAX_BODY_BYTES || declared > MAX_BODY_BYTES)) edge = TOO_LARGE;
    else if (FORBIDDEN_METHODS.has(method)) edge = { status: 405, restCode: 'PGRST117', authCode: 'validation_failed', message: `Unsupported HTTP method: ${method}` };
    else if (!target.startsWith('/')) edge = { status: 400, restCode: 'PGRST125', authCode: 'validation_failed', message: 'Invalid path specified in request URL' };
    let request: Request | null = null;
    if (!edge) {
      try {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
        }
        // The Host header is the client's to choose: the URL is built on the address served.
        request = new Request(`${base}${target}`, {
          method,
          headers,
          body: method === 'GET' || method === 'HEAD' ? undefined : streamed ? (Readable.toWeb(req) as unknown as ReadableStream) : Buffer.concat(chunks),
          ...(streamed ? { duplex: 'half' } : {}),
        } as RequestInit);
      } catch (error) {
        edge = { status: 400, restCode: '400', authCode: 'validation_failed', message: `Bad request: ${(error as Error).message}` };
      }
    }
    const response = edge || !request ? edgeResponse(pathOf(target), edge ?? INTERNAL, req.headers.origin) : await (await ready)(request, { remoteAddress: req.socket.remoteAddress ?? '' });
    // A streamed body the route left unread (it drains up to a limit): the connection cannot be reused.
    const unread = streamed && !req.readableEnded;
    if (unread) res.once('finish', () => req.socket.destroy());
    const outHeaders: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      outHeaders[name] = value;
    });
    // Each cookie on its own line (forEach gives only one of several).
    const cookies = response.headers.getSetCookie();
    if (cookies.length) outHeaders['set-cookie'] = cookies;
    if (unread) outHeaders.connection = 'close';
    res.writeHead(response.status, outHeaders);
    if (method === 'HEAD' || !response.body) {
      void response.body?.cancel();
      return void res.end();
    }
    // Streamed as it comes (an edge function's answer may be long or never end); a client that goes away cancels it.
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream), res);
  }

  // An idle keep-alive connection stays open 65 s (node:http's default is 5 s). A client reuses one
  // until a second before the `Keep-Alive: timeout` it is told (undici, in Node's fetch and so in
  // supabase-js); with 5 s, a busy machine lets that second pass and a request meets the closing
  // socket ("other side closed"). 65 s, as load balancers in front of APIs keep them, makes that rare;
  // the wait for a request's headers must outlast it, or an idle connection is closed at 60 s.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  return { server, port };
}

/** An edge error's Response, with the CORS origin reflected so a browser can read it. */
function edgeResponse(pathname: string, edge: EdgeError, origin: string | undefined): Response {
  return apiErrorResponse(pathname, edge, origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : {});
}

/** The path of a request target (the part before `?`), or `/`. */
function pathOf(target: string | undefined): string {
  return target?.startsWith('/') ? target.split('?')[0] : '/';
}
