/** Server-Sent Events hub for live reload: every open page holds one stream. */
import type { ServerResponse } from 'node:http';

export class SseHub {
  private clients = new Set<ServerResponse>();

  /** `hello` is sent to this client first: what it must know on connecting. */
  attach(res: ServerResponse, hello?: unknown): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write('retry: 500\n\n');
    if (hello !== undefined) res.write(`event: hello\ndata: ${JSON.stringify(hello)}\n\n`);
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
  }

  send(event: string, data: unknown): void {
    const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    for (const c of this.clients) c.write(frame);
  }

  close(): void {
    for (const c of this.clients) c.end();
    this.clients.clear();
  }
}
