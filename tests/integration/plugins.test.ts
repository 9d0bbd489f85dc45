/**
 * A site's plugins, built in this process (its errors as `site build` prints them) on the smallest site
 * that shows each hook: a route added, a file written, structured data checked by the engine's rules or a
 * plugin's, a check of the site's own, a step after the build, and what goes wrong named as the plugin's.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dev } from '../../generator/dev/dev.ts';
import { buildHere } from './buildHere.ts';

const repo = path.resolve(import.meta.dirname, '../..');
let tmp: string;

/** A one-page site whose plugins are `plugins` (source text of the list) and whose home page carries `event` as JSON-LD. */
async function writeSite(name: string, plugins: string, event = "{ '@context': 'https://schema.org', '@type': 'Event', name: 'Launch', startDate: '2026-12-01', location: 'Online' }"): Promise<string> {
  const root = path.join(tmp, name);
  await mkdir(path.join(root, 'content'), { recursive: true });
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await writeFile(path.join(root, 'content/site.json'), JSON.stringify({ name: 'Events', url: 'https://events.example' }));
  await writeFile(
    path.join(root, 'site.config.ts'),
    `import * as z from 'zod';
import { createElement } from 'react';
import { collection, defineConfig, definePlugin, missing, fileForPath, type Route } from 'skerry';

const collections = { site: collection.file('site.json', z.strictObject({ name: z.string(), url: z.string() })) };
const page = (p: string, title: string): Route => ({ path: p, file: fileForPath(p), template: 'page', title, description: title + ' page', indexable: true, breadcrumbs: [], ogType: 'website' });

export default defineConfig({
  collections,
  meta: ({ site }) => ({ name: site.name, url: site.url, language: 'en' }),
  routes: () => [page('/', 'Home'), { ...page('/404', 'Not found'), file: '404.html', indexable: false }],
  templates: { page: ({ route }) => createElement('main', null, createElement('h1', null, route.title)) },
  jsonLd: (route) => (route.path === '/' ? [${event}] : []),
  plugins: ${plugins},
});
`,
  );
  return root;
}

const build = (root: string) => buildHere({ root, out: path.join(root, 'dist'), cacheDir: path.join(root, '.cache') });

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-plugins-'));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe("a site's plugins", () => {
  it("check a type Google shows as a rich result with no plugin, naming the page, the type, the property and Google's doc", async () => {
    const root = await writeSite('engine-rule', '[]', "{ '@context': 'https://schema.org', '@type': 'Event', name: 'Ridge walk', startDate: '2031-05-01' }");
    const run = await build(root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('/: Event is missing location (Google requires it for an event: https://developers.google.com/search/docs/appearance/structured-data/event)');
  });

  it('pass a schema.org type no rule knows', async () => {
    const root = await writeSite('unknown-type', '[]', "{ '@context': 'https://schema.org', '@type': 'Place', name: 'Summit hut' }");
    const run = await build(root);
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(path.join(root, 'dist/index.html'), 'utf8')).toContain('"@type":"Place"');
  });

  it('add routes, files, structured data rules, checks and a step after the build', async () => {
    const root = await writeSite(
      'every-hook',
      `[definePlugin({
    name: 'events',
    routes: (routes) => [...routes, page('/calendar', 'Calendar')],
    files: (routes, { url }) => ({ 'events.txt': routes.filter((r) => r.indexable).map((r) => url(r.path)).join('\\n') + '\\n' }),
    jsonLdRules: { Event: (node) => missing(node, ['name', 'startDate', 'location']) },
    checks: { 'Pages without a heading': ({ pages }) => pages.filter((p) => !p.title).map((p) => p.url) },
    buildDone: async ({ outDir, pages, files }) => {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(outDir + '/../done.json', JSON.stringify({ pages: pages.map((p) => p.url), files }));
    },
  })]`,
    );
    const run = await build(root);
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(path.join(root, 'dist/calendar.html'), 'utf8')).toContain('<h1>Calendar</h1>');
    expect(await readFile(path.join(root, 'dist/events.txt'), 'utf8')).toBe('https://events.example/\nhttps://events.example/calendar\n');
    // The engine's own files come from its built-in plugins, beside the site's.
    expect(await readFile(path.join(root, 'dist/sitemap.xml'), 'utf8')).toContain('<loc>https://events.example/calendar</loc>');
    const done = JSON.parse(await readFile(path.join(root, 'done.json'), 'utf8')) as { pages: string[]; files: string[] };
    expect(done.pages).toEqual(['/', '/404', '/calendar']);
    expect(done.files).toEqual(expect.arrayContaining(['sitemap.xml', 'robots.txt', 'events.txt', '_headers']));
  });

  it("fail the build on what a plugin's JSON-LD rule finds missing", async () => {
    const root = await writeSite(
      'rule-fails',
      "[definePlugin({ name: 'events', jsonLdRules: { Event: (node) => missing(node, ['name', 'startDate', 'location']) } })]",
      "{ '@context': 'https://schema.org', '@type': 'Event', name: 'Launch' }",
    );
    const run = await build(root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Event is missing startDate');
    expect(run.stderr).toContain('Event is missing location');
  });

  it('name the plugin and the hook whose code threw', async () => {
    const root = await writeSite('throws', "[definePlugin({ name: 'boom', files: () => { throw new Error('no feed today'); } })]");
    const run = await build(root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[SiteHookFailed]');
    expect(run.stderr).toMatch(/site\.config\.ts:\d+: the `files` hook of the plugin "boom" threw: no feed today\./);
  });

  it("name the plugin whose check, or whose step after the build, failed", async () => {
    const website = "{ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Events', url: 'https://events.example' }";
    const check = await writeSite('check-throws', "[definePlugin({ name: 'strict', checks: { 'Strict pages': () => { throw new Error('cannot read the pages'); } } })]", website);
    const failed = await build(check);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/site\.config\.ts:\d+: the `checks\["Strict pages"\]` hook of the plugin "strict" threw: cannot read the pages\./);
    const done = await writeSite('done-rejects', "[definePlugin({ name: 'upload', buildDone: async () => { throw new Error('the host said no'); } })]", website);
    const rejected = await build(done);
    expect(rejected.code).toBe(1);
    expect(rejected.stderr).toMatch(/site\.config\.ts:\d+: the `buildDone` hook of the plugin "upload" threw: the host said no\./);
  });

  it('tell site dev\'s plugins where it listens', async () => {
    const root = await writeSite(
      'dev-start',
      "[definePlugin({ name: 'announce', devStart: async ({ url }) => { const { writeFile } = await import('node:fs/promises'); await writeFile(process.cwd() + '/started.txt', url); } })]",
    );
    const previous = process.cwd();
    process.chdir(root);
    const server = await dev({ root, cacheDir: path.join(root, '.cache'), port: 0, backend: false, log: () => {} });
    try {
      expect(await readFile(path.join(root, 'started.txt'), 'utf8')).toBe(server.url);
    } finally {
      process.chdir(previous);
      await server.close();
    }
  });

  it('refuse a plugin without a name, naming the field', async () => {
    const root = await writeSite('nameless', "[{ files: () => ({}) }]");
    const run = await build(root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[SiteConfigInvalid]');
    expect(run.stderr).toContain('plugins.0.name');
  });
});
