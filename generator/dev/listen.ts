/** Starts an HTTP server on 127.0.0.1 (or `host`); a port in use becomes a SiteError with a hint. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SiteError } from '../core/errors.ts';

export function listen(server: Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'EADDRINUSE' ? new SiteError('PortInUse', { port, host }) : e),
    );
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * The URL to print for a server listening on `host` (default 127.0.0.1): on every address (0.0.0.0,
 * ::), this machine's loopback one; an IPv6 address in brackets.
 */
export function serverUrl(host: string | undefined, port: number): string {
  const name = !host || host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
