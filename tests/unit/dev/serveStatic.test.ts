/** The static server of `site preview` over a real folder and real HTTP: the host's own files are not public. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../../generator/dev/serveStatic.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'site-preview-'));
writeFileSync(path.join(dir, 'index.html'), '<h1>Walks</h1>');
writeFileSync(path.join(dir, '404.html'), '<h1>No such trail</h1>');
writeFileSync(path.join(dir, '_headers'), '/*\n  X-Club: hikers\n');
writeFileSync(path.join(dir, '_redirects'), '/old / 301\n');
let server: StaticServer;
beforeAll(async () => {
  server = await serveStatic({ dir });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serveStatic', () => {
  it.each(['/_headers', '/_redirects', '/_headers.html', '/%5Fheaders'])('answers %s with the 404 page, as a static host does', async (p) => {
    // /_headers.html takes the clean-URL redirect first, to /_headers.
    const res = await fetch(server.url + p);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('<h1>No such trail</h1>');
  });

  it('still applies them: the headers to the pages, the redirects to old paths', async () => {
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('x-club')).toBe('hikers');
    const old = await fetch(`${server.url}/old`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/');
  });
});
