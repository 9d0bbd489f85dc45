/**
 * `site dev` and `site preview` answer only their own hosts (generator/dev/hostCheck.ts): a page of
 * another web site that reaches them through a name of its own pointed at 127.0.0.1 (DNS rebinding) gets
 * 403 on every path and learns nothing, above all not the editor's secret; IP addresses, localhost and
 * the config's allowedHosts are answered, and the editor's link goes only to this machine's own names.
 * On a copy of the blog fixture, its config given `allowedHosts`.
 */
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build.ts';
import { dev, type DevServer } from '../../../generator/dev/dev.ts';
import { DEV_CLIENT_PATH, DEV_EVENTS_PATH } from '../../../generator/dev/devClient.ts';
import { preview } from '../../../generator/dev/preview.ts';
import { fixtureCopy, type SiteCopy } from './fixtureCopy.ts';

let site: SiteCopy;

/** GET `target` from the server on `port` with `host` as its Host header. */
function ask(port: number, target: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: target, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d)).on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
  });
}

/** A request without a Host header (HTTP/1.0), as raw bytes. */
function askWithoutHost(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.0\r\n\r\n'));
    socket.setEncoding('utf8').on('data', (d: string) => (answer += d)).on('end', () => resolve(answer)).on('error', reject);
  });
}

const ARTICLE = '/blog/commit-messages';

beforeAll(async () => {
  site = await fixtureCopy('blog-site');
  await site.edit('site.config.ts', (text) => text.replace('  collections,\n', "  collections,\n  allowedHosts: ['.dev.example.test'],\n"));
}, 60_000);
afterAll(() => site?.remove());

describe('site dev', () => {
  let server: DevServer;
  let port: number;
  let token: string;
  beforeAll(async () => {
    server = await dev({ root: site.root, cacheDir: site.cacheDir, port: 0, backend: false, log: () => {} });
    await server.settled();
    port = Number(new URL(server.url).port);
    token = /\/__site\/editor\/([\w-]+)\//.exec(server.editorUrl)![1]!;
  }, 180_000);
  afterAll(() => server?.close());

  it('refuses a foreign Host with 403 on every path, without the editor or its secret', async () => {
    for (const target of [ARTICLE, '/', '/feed.xml', DEV_CLIENT_PATH, DEV_EVENTS_PATH, `/__site/editor/${token}/`, `/__site/editor/${token}/api/site`]) {
      for (const host of [`attacker.example:${port}`, 'attacker.example', `127.0.0.1.attacker.example:${port}`]) {
        const answer = await ask(port, target, host);
        expect(answer.status, `${host} ${target}`).toBe(403);
        expect(answer.body).toBe(`Blocked request. This host ("${host.replace(/:\d+$/, '')}") is not allowed.\nTo allow this host, add "${host.replace(/:\d+$/, '')}" to \`allowedHosts\` in site.config.ts.\n`);
      }
    }
    expect(await askWithoutHost(port)).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('answers IP addresses, localhost and allowedHosts, and links to the editor only on pages asked for by this machine’s own names', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]) {
      const page = await ask(port, ARTICLE, host);
      expect(page.status, host).toBe(200);
      expect(page.body, host).toContain(`/__site/editor/${token}/#`);
    }
    for (const host of [`app.dev.example.test:${port}`, `dev.example.test:${port}`, `192.168.1.20:${port}`, `box.localhost:${port}`]) {
      const page = await ask(port, ARTICLE, host);
      expect(page.status, host).toBe(200);
      expect(page.body, host).toContain('<h1');
      expect(page.body, host).not.toContain(token);
    }
  });
});

describe('site preview', () => {
  it('answers its own hosts and the config’s allowedHosts, and refuses a foreign Host', async () => {
    const out = path.join(site.root, 'dist');
    await build({ root: site.root, out, cacheDir: site.cacheDir, backend: null, log: () => {}, progress: false });
    const server = await preview({ dir: out, port: 0, root: site.root, log: () => {} });
    try {
      const port = Number(new URL(server.url).port);
      for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `app.dev.example.test:${port}`]) expect((await ask(port, ARTICLE, host)).status, host).toBe(200);
      for (const host of [`attacker.example:${port}`, `devexample.test:${port}`]) {
        const answer = await ask(port, ARTICLE, host);
        expect(answer.status, host).toBe(403);
        expect(answer.body).not.toContain('<html');
      }
      expect(await askWithoutHost(port)).toMatch(/^HTTP\/1\.1 403 /);
    } finally {
      await server.close();
    }
  }, 180_000);
});
