/** `site dev` adds its own origin to the backend's redirect targets: links mailed for its pages come back to them, on localhost too. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dev, type DevServer } from '../../generator/dev/dev.ts';
import { latestMailTo, linkIn } from './backend/testInbox.ts';
import { uniqueEmail } from './backend/testClients.ts';

let tmp: string;
let server: DevServer | undefined;
const lines: string[] = [];
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-dev-redirect-targets-'));
  server = await dev({ port: 0, backendPort: 0, dataDir: path.join(tmp, 'db'), log: (l) => lines.push(l) });
}, 180_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

it('mails links back to its own pages on 127.0.0.1 and localhost, and another localhost port to site_url', { timeout: 60_000 }, async () => {
  const backend = server!.backend!;
  const inboxUrl = /^Inbox \(sign-up confirmations, sign-in links\): (\S+)$/m.exec(lines.join('\n'))![1];
  const port = new URL(server!.url).port;
  expect(port).not.toBe('4321');
  for (const [target, expected] of [
    [`http://localhost:${port}/auth`, `http://localhost:${port}/auth`],
    [`http://127.0.0.1:${port}/auth`, `http://127.0.0.1:${port}/auth`],
    ['http://localhost:9999/steal', 'http://127.0.0.1:4321'],
  ]) {
    const email = uniqueEmail('dev');
    const response = await fetch(`${backend.url}/auth/v1/otp?redirect_to=${encodeURIComponent(target)}`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(response.status).toBe(200);
    expect([target, new URL(linkIn(await latestMailTo(inboxUrl, email))).searchParams.get('redirect_to')]).toEqual([target, expected]);
  }
});
