/** `site preview`: a built folder served as a static host would (a copy of the run's build of this site, with a `_headers` of its own). */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview } from '../../../generator/dev/preview.ts';
import { OUTPUT_MARKER } from '../../../generator/output/outputMarker.ts';
import { thisSite } from '../../helpers/sharedBuild.ts';

let tmp: string;
let dir: string;
let server: { url: string; close(): Promise<void> };
let base = '';

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-preview-'));
  dir = path.join(tmp, 'dist');
  await cp((await thisSite()).dir, dir, { recursive: true });
  await writeFile(path.join(dir, '_headers'), '/*\n  X-Test-Header: from-headers-file\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n');
  server = await preview({ port: 0, dir, log: () => {} });
  base = server.url;
});
afterAll(async () => {
  await server?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('site preview', () => {
  it('serves clean URLs and applies _headers', async () => {
    const res = await fetch(`${base}/pricing`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('x-test-header')).toBe('from-headers-file');
    expect(await res.text()).toContain('<title>Pricing');
  });

  it('answers an unknown path with status 404 and the 404 page', async () => {
    const res = await fetch(`${base}/no/such/page`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Oops! Page not found');
  });

  it('compresses text with brotli or gzip as asked, and caches hashed assets', async () => {
    const css = `/assets/${(await readdir(path.join(dir, 'assets'))).find((f) => /^main\.[^/]+\.css$/.test(f))!}`;
    const br = await fetch(base + css, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toContain('immutable');
    const gz = await fetch(base + css, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect((await gz.text()).length).toBeGreaterThan(1000);
  });

  it("does not serve the build's marker file, which the output holds", async () => {
    expect(await readFile(path.join(dir, OUTPUT_MARKER), 'utf8')).toContain('site build');
    for (const p of [`/${OUTPUT_MARKER}`, `/blog/../${OUTPUT_MARKER}`, `/%2E${OUTPUT_MARKER.slice(1)}`]) {
      const res = await fetch(base + p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).toContain('Oops! Page not found');
    }
  });

  it('redirects /pricing.html and /pricing/ to the clean URL', async () => {
    for (const p of ['/pricing.html', '/pricing/']) {
      const res = await fetch(base + p, { redirect: 'manual' });
      expect(res.status, p).toBe(308);
      expect(res.headers.get('location'), p).toBe('/pricing');
    }
  });
});
