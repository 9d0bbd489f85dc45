/**
 * A site without a supabase/ folder has no backend: `site dev` boots none and says nothing about one (no
 * API URL, no anon key, no admin grant), and its pages allow no backend; `site preview --backend` starts none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dev, type DevServer } from '../../../generator/dev/dev.ts';
import { preview } from '../../../generator/dev/preview.ts';
import { fixtureCopy, type SiteCopy } from './fixtureCopy.ts';

describe('site dev for a site without supabase/', () => {
  let site: SiteCopy;
  let server: DevServer;
  const lines: string[] = [];
  beforeAll(async () => {
    site = await fixtureCopy();
    server = await dev({ root: site.root, cacheDir: site.cacheDir, dataDir: site.dataDir, port: 0, backendPort: 0, log: (l) => lines.push(l) });
    await server.settled();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await site?.remove();
  });

  it('boots no backend and prints nothing about admin or a backend', async () => {
    // Whatever a backend's boot would print has had its time to arrive.
    await new Promise((r) => setTimeout(r, 1500));
    expect(server.backend).toBeNull();
    const said = lines.join('\n');
    expect(said).not.toMatch(/admin|backend|anon key|inbox/i);
    expect(said).toContain('site dev ready');
  });

  it('serves pages that allow no backend', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('<h1 id="page-title">');
    expect(html).not.toMatch(/127\.0\.0\.1:\d+/);
  });
});

describe('site preview --backend for a site without supabase/', () => {
  it('starts no backend and says why', async () => {
    const site = await fixtureCopy();
    try {
      const { build } = await import('../../../generator/build.ts');
      const out = `${site.root}/dist`;
      await build({ root: site.root, out, cacheDir: site.cacheDir, log: () => {} });
      const lines: string[] = [];
      const server = await preview({ port: 0, dir: out, backend: true, backendPort: 0, dataDir: site.dataDir, root: site.root, log: (l) => lines.push(l) });
      await server.close();
      expect(lines.join('\n')).not.toMatch(/Backend at|SITE_SUPABASE_URL/);
      expect(lines.join('\n')).toContain('no supabase/ folder');
    } finally {
      await site.remove();
    }
  }, 120_000);
});
