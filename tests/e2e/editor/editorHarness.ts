/**
 * The editor's end-to-end harness: a copy of a fixture site (all of it: config, content, templates,
 * components, widgets) served by `site dev`, one Chromium for the test file, and what the tests ask of
 * them: an editor page at a width, its API, the file a path names, axe, and a screenshot kept under
 * SITE_SHOTS_DIR when that is set (nothing is kept without it). The editor opens in the file's one tab
 * (a fresh page starts a renderer, several times the processor time of a visit), loaded afresh from
 * about:blank each time: the editor keeps nothing in storage or cookies, so each test sees it as new.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Dialog, Page } from 'playwright-core';
import { dev, type DevServer } from '../../../generator/dev/dev.ts';
import { axeViolations } from '../axeViolations.ts';
import { launchBrowser } from '../harness.ts';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

export interface EditorSite {
  root: string;
  server: DevServer;
  browser: Browser;
  lines: string[];
  /** A content file's path on disk. */
  content(rel: string): string;
  read(rel: string): Promise<string>;
  write(rel: string, text: string | Buffer): Promise<void>;
  /** The editor at `hash`, loaded afresh in the file's tab made `width` pixels wide, once its list has loaded. */
  open(hash: string, width?: number): Promise<Page>;
  /** Leaves the editor for about:blank as closing its tab would (unsaved edits are not asked about). */
  leave(page: Page): Promise<void>;
  /** The editor's API, from this machine (no Origin, as the editor's own fetches). */
  api(route: string, init?: RequestInit): Promise<{ status: number; json: Record<string, any> }>;
  /** axe on the page, and a screenshot named `<name>-<width>.png` under SITE_SHOTS_DIR. */
  look(page: Page, name: string): Promise<string[]>;
  close(): Promise<void>;
}

export async function editorSite(fixture: string, prepare?: (root: string) => Promise<void>): Promise<EditorSite> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'site-editor-'));
  const root = path.join(tmp, 'site');
  const from = path.join(repo, 'tests/fixtures', fixture);
  await cp(from, root, { recursive: true, filter: (src) => !/(^|\/)(README\.md|\.site|dist)$/.test(path.relative(from, src)) });
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await prepare?.(root);
  const lines: string[] = [];
  const [server, browser] = await Promise.all([dev({ root, port: 0, backend: false, cacheDir: path.join(tmp, 'cache'), log: (l) => lines.push(l) }), launchBrowser()]);
  const content = (rel: string) => path.join(root, 'content', rel);
  let tab: Promise<Page> | undefined;
  const leave = async (page: Page) => {
    // The question a dirty form asks before the page unloads is answered yes, as closing the tab skips it.
    const accept = (d: Dialog) => void d.accept().catch(() => {});
    page.on('dialog', accept);
    try {
      await page.goto('about:blank');
    } finally {
      page.off('dialog', accept);
    }
  };
  return {
    root,
    server,
    browser,
    lines,
    content,
    read: (rel) => readFile(content(rel), 'utf8'),
    write: async (rel, text) => {
      await mkdir(path.dirname(content(rel)), { recursive: true });
      await writeFile(content(rel), text);
    },
    open: async (hash, width = 1280) => {
      const page = await (tab ??= browser.newPage({ viewport: { width, height: 900 } }));
      if (page.url() !== 'about:blank') await leave(page);
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.editorUrl}${hash ? `#${hash}` : ''}`);
      await page.locator('#ed-list section').first().waitFor();
      return page;
    },
    leave,
    api: async (route, init) => {
      const res = await fetch(`${server.editorUrl}api/${route}`, init);
      return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, any> };
    },
    look: async (page, name) => {
      const violations = await axeViolations(page);
      const dir = process.env.SITE_SHOTS_DIR;
      if (dir) {
        await mkdir(dir, { recursive: true });
        await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
      }
      return violations;
    },
    close: async () => {
      await browser.close();
      await server.close();
      await rm(tmp, { recursive: true, force: true });
    },
  };
}

/** JSON for a request body. */
export const jsonBody = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The files of a folder, relative to it (for "nothing else was written"). */
export async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const d of await readdir(dir, { withFileTypes: true, recursive: true })) if (d.isFile()) out.push(path.relative(dir, path.join(d.parentPath, d.name)));
  return out.sort();
}
