/** `site preview`: a built folder served as a static host would. */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preview } from '../../../generator/dev/preview.ts';
import { OUTPUT_MARKER } from '../../../generator/output/outputMarker.ts';
import { buildAndServe, type BuiltSite } from '../harness.ts';

let site: BuiltSite;
let server: { url: string; close(): Promise<void> };
let base = '';

beforeAll(async () => {
  site = await buildAndServe();
  await writeFile(path.join(site.dir, '_headers'), '/*\n  X-Test-Header: from-headers-file\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n');
  server = await preview({ port: 0, dir: site.dir, log: () => {} });
  base = server.url;
});
afterAll(async () => {
  await server?.close();
  await site?.close();
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
    const css = `/${[...site.result.files.keys()].find((f) => /^assets\/main\.[^/]+\.css$/.test(f))!}`;
    const br = await fetch(base + css, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toContain('immutable');
    const gz = await fetch(base + css, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect((await gz.text()).length).toBeGreaterThan(1000);
  });

  it("does not serve the build's marker file, which the output holds", async () => {
    expect(await readFile(path.join(site.dir, OUTPUT_MARKER), 'utf8')).toContain('site build');
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
