import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const MAX_BODY_BYTES = 1024 * 1024;

/** What the socket tells about the caller: its address keys the auth rate limits (no proxy headers are trusted). */
export interface ClientInfo {
  remoteAddress: string;
}

/**
 * Serves a Request -> Response function over node:http. Bodies over 1 MB are
 * refused with 413 (the rest of the body is read and dropped, so the client
 * sees the answer instead of a reset).
 */
export async function serveHttp(
  app: (request: Request, client: ClientInfo) => Promise<Response>,
  options: { port: number; host: string },
): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ message: String(error) }));
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    let size = 0;
    const declared = Number(req.headers['content-length'] ?? 0);
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size <= MAX_BODY_BYTES && declared <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
    }
    const origin = req.headers.origin;
    if (size > MAX_BODY_BYTES || declared > MAX_BODY_BYTES) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
      if (origin) Object.assign(headers, { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' });
      res.writeHead(413, headers);
      res.end(JSON.stringify({ code: '413', message: 'Payload too large: request bodies are limited to 1 MB.', details: null, hint: null }));
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    const method = req.method ?? 'GET';
    const request = new Request(`http://${req.headers.host ?? `${options.host}:${options.port}`}${req.url ?? '/'}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
    });
    const response = await app(request, { remoteAddress: req.socket.remoteAddress ?? '' });
    const outHeaders: Record<string, string | string[]> = {};
    response.headers.forEach((value, name) => {
      outHeaders[name] = value;
    });
    const body = method === 'HEAD' ? null : Buffer.from(await response.arrayBuffer());
    res.writeHead(response.status, outHeaders);
    res.end(body && body.length ? body : undefined);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server, port: (server.address() as AddressInfo).port };
}
