/**
 * `site dev` after edits, on a small blog (tests/fixtures/blog-site): an edited post's page, the listing
 * that shows it and the search index are what a build of the same content writes; a start after content
 * changed while dev was stopped reads only the changed files and serves the new content; a content
 * error on an edit shows the error page, and the fixed file serves again.
 */
import { readdir, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../../../generator/build.ts';
import { dev, type DevServer } from '../../../generator/dev/dev.ts';
import { DEV_CLIENT_PATH, DEV_EVENTS_PATH } from '../../../generator/dev/devClient.ts';
import { fixtureCopy, type SiteCopy } from './fixtureCopy.ts';

const copies: SiteCopy[] = [];
afterAll(() => Promise.all(copies.map((c) => c.remove())));

const POST = 'content/blog/commit-messages.md';
const quiet = () => {};
/** The page as a build writes it: without the live-reload script and the editor's link dev adds. */
const asBuilt = (html: string) =>
  html
    .replace(new RegExp(`<script type="module" src="${DEV_CLIENT_PATH.replace(/[.]/g, '\\.')}\\?v=\\d+"></script></head>`), '</head>')
    .replace(/<link rel="stylesheet" href="\/__site\/editor\/[^"]+"><aside class="site-editor-link"[\s\S]*?<\/aside><\/body>/, '</body>');

async function blogCopy(): Promise<SiteCopy> {
  const site = await fixtureCopy('blog-site');
  copies.push(site);
  // Files written a moment ago are not trusted by their stamps; these were written long before any start.
  const old = new Date(Date.now() - 3_600_000);
  const dir = path.join(site.root, 'content/blog');
  for (const f of await readdir(dir)) await utimes(path.join(dir, f), old, old);
  return site;
}

/** What a build of the copy as it is now writes, for each of `files` (output paths) and every search file. */
async function built(site: SiteCopy): Promise<Map<string, string>> {
  const out = await build({ root: site.root, cacheDir: path.join(site.cacheDir, '..', 'build-cache'), write: false, drafts: true, future: true, backend: null, progress: false, log: quiet });
  await rm(path.join(site.cacheDir, '..', 'build-cache'), { recursive: true, force: true });
  return new Map([...out.files].map(([f, d]) => [f, Buffer.from(d).toString('utf8')]));
}

/** Each of `files` (output paths) and every search file as dev serves them, set against a build's. */
async function expectAsBuilt(server: DevServer, site: SiteCopy, files: string[]): Promise<void> {
  const want = await built(site);
  const search = [...want.keys()].filter((f) => f.startsWith('search/') || f.startsWith('assets/search/'));
  expect(search.length).toBeGreaterThan(0);
  for (const file of [...files, ...search]) {
    const url = file.endsWith('.html') ? `/${file.replace(/\.html$/, '')}` : `/${file}`;
    const res = await fetch(server.url + url);
    expect.soft(res.status, url).toBe(200);
    const body = await res.text();
    expect.soft(file.endsWith('.html') ? asBuilt(body) : body, url).toBe(want.get(file));
  }
}

/** Fetches `url` until its text has `marker` (an edit reaches the page after the watcher's batch). */
async function served(server: DevServer, url: string, marker: string): Promise<string> {
  for (let i = 0; i < 300; i++) {
    await server.settled();
    const text = await (await fetch(server.url + url)).text();
    if (text.includes(marker)) return text;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} never showed ${marker}`);
}

/** The live-reload events dev sends its pages, from now until stop(). */
async function liveEvents(server: DevServer): Promise<{ stop(): { event: string; data: string }[] }> {
  const aborting = new AbortController();
  const res = await fetch(server.url + DEV_EVENTS_PATH, { signal: aborting.signal });
  const seen: { event: string; data: string }[] = [];
  let text = '';
  void (async () => {
    const decoder = new TextDecoder();
    const reader = res.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += decoder.decode(chunk.value, { stream: true });
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const frame = text.slice(0, end);
        text = text.slice(end + 2);
        const event = /^event: (.*)$/m.exec(frame)?.[1];
        if (event) seen.push({ event, data: /^data: (.*)$/m.exec(frame)?.[1] ?? '' });
      }
    }
  })().catch(() => {});
  return {
    stop() {
      aborting.abort();
      return seen;
    },
  };
}

describe('site dev after an edit', () => {
  it("serves the edited post, the listing that shows it and the search index as a build writes them, for a body edit and a title edit", async () => {
    const site = await blogCopy();
    const server = await dev({ root: site.root, cacheDir: site.cacheDir, port: 0, backend: false, log: quiet });
    try {
      // Rendered before the edits, so what dev keeps of them is what could go stale.
      for (const url of ['/blog/commit-messages', '/blog', '/search/index.json']) expect((await fetch(server.url + url)).status).toBe(200);
      await site.edit(POST, (s) => `${s}\n\nA paragraph about zanzibarite.\n`);
      await served(server, '/blog/commit-messages', 'zanzibarite');
      await expectAsBuilt(server, site, ['blog/commit-messages.html', 'blog.html']);
      await site.edit(POST, (s) => s.replace(/^title: .*$/m, 'title: "Commit messages, quetzal edition"'));
      await served(server, '/blog', 'quetzal edition');
      await expectAsBuilt(server, site, ['blog/commit-messages.html', 'blog.html']);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('shows the error page for a post that breaks its schema, and the post again once fixed, reloading only the pages the fix affects', async () => {
    const site = await blogCopy();
    const server = await dev({ root: site.root, cacheDir: site.cacheDir, port: 0, backend: false, log: quiet });
    try {
      expect((await fetch(`${server.url}/blog/commit-messages`)).status).toBe(200);
      await site.edit(POST, (s) => s.replace(/^title: .*\n/m, ''));
      let res: Response | undefined;
      for (let i = 0; i < 300 && res?.status !== 500; i++) {
        await server.settled();
        res = await fetch(`${server.url}/blog/commit-messages`);
        if (res.status !== 500) await new Promise((r) => setTimeout(r, 50));
      }
      expect(res!.status).toBe(500);
      expect(await res!.text()).toContain('title');
      const events = await liveEvents(server);
      await site.edit(POST, (s) => s.replace(/^---\n/, '---\ntitle: "Commit messages, mended"\n'));
      await served(server, '/blog/commit-messages', 'Commit messages, mended');
      await expectAsBuilt(server, site, ['blog/commit-messages.html', 'blog.html']);
      // The fix reloads the pages it affects, as any edit does, not every open page.
      const changes = events.stop().filter((e) => e.event === 'change').map((e) => (JSON.parse(e.data) as { paths: string[] | '*' }).paths);
      expect(changes.length).toBeGreaterThan(0);
      expect(changes.at(-1)).toContain('/blog/commit-messages');
      expect(changes).not.toContain('*');
    } finally {
      await server.close();
    }
  }, 180_000);
});

describe('site dev started again', () => {
  it('reads only the files changed while it was stopped, and serves the new content as a build writes it', async () => {
    const site = await blogCopy();
    const first: string[] = [];
    let server = await dev({ root: site.root, cacheDir: site.cacheDir, port: 0, backend: false, log: (l) => first.push(l) });
    expect((await fetch(`${server.url}/blog`)).status).toBe(200);
    await server.close();
    expect(first.join('\n')).not.toMatch(/Read \d+ of/);

    await site.edit(POST, (s) => s.replace(/^title: .*$/m, 'title: "Commit messages, while stopped"'));
    await site.write(
      'content/blog/a-new-post.md',
      '---\ntitle: "A new post"\ndescription: "Written while dev was stopped."\ndate: "2025-07-01"\nreadTime: "1 min read"\ncategory: "Tools"\nauthor: "The Quill Team"\n---\n## New\n\nA post about pangolins.\n',
    );
    await rm(path.join(site.root, 'content/blog/quill-vs-handwritten.md'));
    const second: string[] = [];
    server = await dev({ root: site.root, cacheDir: site.cacheDir, port: 0, backend: false, log: (l) => second.push(l) });
    try {
      expect(second.join('\n')).toContain('Read 2 of 6 entries');
      expect(await (await fetch(`${server.url}/blog/commit-messages`)).text()).toContain('Commit messages, while stopped');
      expect((await fetch(`${server.url}/blog/quill-vs-handwritten`)).status).toBe(404);
      await expectAsBuilt(server, site, ['blog/commit-messages.html', 'blog/a-new-post.html', 'blog.html']);
    } finally {
      await server.close();
    }
  }, 180_000);
});
