/** `site dev` answers an old path (a front matter alias) with a 301 to its page, as `site preview` does from `_redirects`. */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dev, type DevServer } from '../../generator/dev/dev.ts';

let tmp: string;
let server: DevServer | undefined;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-dev-redirects-'));
  const content = path.join(tmp, 'content');
  await cp('content', content, { recursive: true });
  const file = path.join(content, 'blog/canva-vs-google-slides.md');
  await writeFile(file, (await readFile(file, 'utf8')).replace('author: "The Decksmith Team"\n', 'author: "The Decksmith Team"\naliases:\n  - /blog/canva-or-slides\n'));
  server = await dev({ content, port: 0, backend: false, log: () => {} });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

it('answers an old path with 301 and the page it moved to, and still serves pages and the 404 page', async () => {
  const moved = await fetch(`${server!.url}/blog/canva-or-slides`, { redirect: 'manual' });
  expect(moved.status).toBe(301);
  expect(moved.headers.get('location')).toBe('/blog/canva-vs-google-slides');
  expect((await fetch(`${server!.url}/blog/canva-vs-google-slides`)).status).toBe(200);
  expect((await fetch(`${server!.url}/blog/no-such-post`)).status).toBe(404);
});
