import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inboxApp } from './inboxApp.ts';
import type { Mailbox } from './mailbox.ts';

const LOCAL_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);
/** Bodies the inbox reads: a list of IDs at most. */
const MAX_BODY_BYTES = 64 * 1024;

/** Serves the inbox (inboxApp.ts) over node:http; `port` 0 picks a free one. Requests must name a local host. */
export async function serveInbox(mailbox: Mailbox, options: { port: number; host: string }): Promise<{ server: http.Server; url: string }> {
  const app = inboxApp(mailbox);
  let base = '';
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req) {
        size += (chunk as Buffer).length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
      }
      if (size > MAX_BODY_BYTES) return void res.writeHead(413, { 'Content-Type': 'text/plain; charset=utf-8' }).end('body too large');
      // The inbox holds working sign-in links: a page on another name resolving here (DNS rebinding) gets nothing.
      const hostname = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
      if (!LOCAL_NAMES.has(hostname) && hostname !== options.host) return void res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('forbidden host');
      const method = req.method ?? 'GET';
      const target = req.url?.startsWith('/') ? req.url : '/';
      const response = await app(new Request(`${base}${target}`, { method, body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks) }));
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      res.writeHead(response.status, headers);
      res.end(method === 'HEAD' ? undefined : Buffer.from(await response.arrayBuffer()));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('bad request');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  return { server, url: base };
}
