/** Starts an HTTP server on 127.0.0.1; a port in use becomes a SiteError with a hint. */
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
