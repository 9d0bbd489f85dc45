/** `site dev` serves each article's social image (drawn when first asked for), under the URL its og:image names. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dev, type DevServer } from '../../generator/dev/dev.ts';

let tmp: string;
let content: string;
let server: DevServer | undefined;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-dev-social-'));
  content = path.join(tmp, 'content');
  await cp('content', content, { recursive: true });
  server = await dev({ content, port: 0, backend: false, log: () => {} });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

const ogImage = async (page: string): Promise<string> => {
  const html = await (await fetch(`${server!.url}${page}`)).text();
  const url = /<meta property="og:image" content="https:\/\/decksmith\.ai([^"]+)"/.exec(html)?.[1];
  expect(url, page).toBeDefined();
  return url!;
};

it("serves the PNG an article's og:image names, 1200x630, and 404 for an image no page names", async () => {
  const url = await ogImage('/blog/matik-vs-decksmith');
  expect(url).toMatch(/^\/assets\/social\/blog-matik-vs-decksmith-[0-9a-f]{8}\.png$/);
  const res = await fetch(`${server!.url}${url}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  const { format, width, height } = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect({ format, width, height }).toEqual({ format: 'png', width: 1200, height: 630 });
  expect((await fetch(`${server!.url}/assets/social/blog-nothing-01234567.png`)).status).toBe(404);
  expect(await ogImage('/pricing')).toMatch(/^\/assets\/og-image\./);
}, 60_000);

it('names and serves a new image once the title changes', async () => {
  const before = await ogImage('/blog/brand-kit-limitations');
  const file = path.join(content, 'blog/brand-kit-limitations.md');
  await writeFile(file, (await readFile(file, 'utf8')).replace(/^title: .*$/m, 'title: "Brand kits, and where they stop"'));
  let after = before;
  for (let i = 0; i < 100 && after === before; i++) {
    await new Promise((r) => setTimeout(r, 100));
    after = await ogImage('/blog/brand-kit-limitations');
  }
  expect(after).not.toBe(before);
  expect((await fetch(`${server!.url}${after}`)).status).toBe(200);
}, 60_000);
