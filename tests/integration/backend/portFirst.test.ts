// The backend takes its port before it opens the database: a port in use is said at once, and a
// request that comes while the database is starting is answered once it is ready.
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BackendError } from '../../../generator/backend/BackendError.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';

/** A listener on a free port of 127.0.0.1, and the port. */
async function holdPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

const running: RunningBackend[] = [];
afterAll(async () => {
  for (const b of running) await b.close();
});

describe('the backend takes its port first', () => {
  it('says a port in use before it opens the database: a database that cannot open is never reached', async () => {
    const held = await holdPort();
    try {
      // A template that is no database: opening it would fail, with another error.
      const error = await startTestBackend({ port: held.port, template: new Blob(['not a database']) }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackendError);
      expect(error).toMatchObject({ code: 'BackendPortInUse' });
    } finally {
      await held.release();
    }
  });

  it('gives the port back when the database cannot open', async () => {
    const free = await holdPort();
    await free.release();
    const error = await startTestBackend({ port: free.port, template: new Blob(['not a database']) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toMatchObject({ code: 'BackendPortInUse' });
    // The same port can be listened on again at once.
    const reuse = net.createServer();
    await new Promise<void>((resolve, reject) => {
      reuse.once('error', reject);
      reuse.listen(free.port, '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve) => reuse.close(() => resolve()));
  });

  it('answers a request sent while the database is still starting, once it is ready', async () => {
    const free = await holdPort();
    await free.release();
    const starting = startTestBackend({ port: free.port });
    // Connect as soon as the port listens, before startTestBackend has returned.
    let early: Promise<Response> | null = null;
    let settled = false;
    void starting.finally(() => (settled = true));
    for (let i = 0; i < 2000 && !early && !settled; i++) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = net.connect(free.port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      });
      if (open) early = fetch(`http://127.0.0.1:${free.port}/auth/v1/health`);
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const backend = await starting;
    running.push(backend);
    expect(early, 'the port listened before the backend had started').not.toBeNull();
    // Answered by the app as the same request sent after the start is (no API key: GoTrue's 401).
    const response = await early!;
    const after = await fetch(`${backend.apiUrl}/auth/v1/health`);
    expect(response.status).toBe(401);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: after.status, body: await after.json() });
  });
});
