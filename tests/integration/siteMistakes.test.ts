/**
 * Site mistakes that used to pass in silence, built in this process (warnings and errors as `site build`
 * prints them) on the smallest sites that show them: an island whose widget file does not exist, and a
 * list collection of .json entries (read, not an empty list) next to one whose folder holds no entries.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHere } from './buildHere.ts';

const repo = path.resolve(import.meta.dirname, '../..');
let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-mistakes-'));
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** A site whose config declares `collections` and whose home page (template "home") is `home`; `files`: more files by path. */
async function writeSite(name: string, collections: string, home: string, files: Record<string, string>): Promise<string> {
  const root = path.join(tmp, name);
  await mkdir(path.join(root, 'content'), { recursive: true });
  await symlink(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const all: Record<string, string> = {
    'content/site.json': JSON.stringify({ name: 'Trails', url: 'https://trails.example' }),
    'site.config.ts': `import * as z from 'zod';
import { createElement as h } from 'react';
import { collection, defineConfig, fileForPath, Island, useSite, type Route } from 'skerry';

const collections = {
  site: collection.file('site.json', z.strictObject({ name: z.string(), url: z.string() })),
  ${collections}
};
const page = (p: string, template: string, title: string): Route => ({ path: p, file: fileForPath(p), template, title, description: title + ' page', indexable: true, breadcrumbs: [], ogType: 'website' });

export default defineConfig({
  collections,
  meta: ({ site }) => ({ name: site.name, url: site.url, language: 'en' }),
  routes: () => [page('/', 'home', 'Home'), { ...page('/404', 'page', 'Not found'), file: '404.html', indexable: false }],
  templates: {
    home: () => { const { content } = useSite<any>(); return ${home}; },
    page: ({ route }) => h('main', null, h('h1', null, route.title)),
  },
});
`,
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

const build = (root: string) => buildHere({ root, out: path.join(root, 'dist'), cacheDir: path.join(root, '.cache') });

describe('an island with no widget file', () => {
  it('fails the build, naming the page, its template, the island and the nearest island there is', async () => {
    const island = (name: string) => `h('main', null, h('h1', null, 'Trails'), h(Island, { name: '${name}', hydrate: 'load' }, h('p', null, 'Search')))`;
    const widget = { 'widgets/islands/TrailSearch.ts': 'export default function mount(el: HTMLElement): void {\n  el.dataset.ready = "1";\n}\n' };
    const good = await writeSite('island-good', '', island('TrailSearch'), widget);
    const ok = await build(good);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);

    const root = await writeSite('island-typo', '', island('TrailSerch'), widget);
    const run = await build(root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[IslandUnknown]');
    expect(run.stderr).toContain('The page / (template "home") shows <Island name="TrailSerch">, but there is no widgets/islands/TrailSerch.tsx: did you mean "TrailSearch"?');
    expect(run.stderr).toMatch(/Hint: Create widgets\/islands\/TrailSerch\.tsx .*\(TrailSearch\)/);
  });
});

describe('an island that reads the search index on a site without one', () => {
  it('builds, and warns naming the island and its page', async () => {
    const island = `h('main', null, h('h1', null, 'Trails'), h(Island, { name: 'TrailSearch', hydrate: 'load' }, h('p', null, 'Search')))`;
    const widget = {
      'widgets/islands/TrailSearch.ts':
        "import { searchIndex } from 'skerry/search';\n\nexport default function mount(el: HTMLElement): void {\n  void searchIndex().find('ridge').then((ids) => (el.dataset.found = String(ids.length)));\n}\n",
    };
    const run = await build(await writeSite('search-without-index', '', island, widget));
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("Warning: the island TrailSearch reads the search index ('skerry/search') on /, but the site has no `search` in site.config.ts, so the build writes none and its search finds nothing.");
  });
});

describe('a list collection', () => {
  const listing = `h('ul', null, content.events.map((e: any) => h('li', { key: e.slug }, e.slug + ': ' + e.title)))`;
  const events = `events: collection.list('events', z.strictObject({ title: z.string() })),`;

  it('reads .json entries, their data and no body, through a build', async () => {
    const root = await writeSite('json-list', events, listing, {
      'content/events/launch.json': JSON.stringify({ title: 'Launch day' }),
      'content/events/meetup.json': JSON.stringify({ title: 'Spring meetup' }),
    });
    const run = await build(root);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const home = await readFile(path.join(root, 'dist/index.html'), 'utf8');
    expect(home).toContain('<li>launch: Launch day</li><li>meetup: Spring meetup</li>');
  });

  it('fails when its folder holds no entries, naming the folder and what it holds', async () => {
    const root = await writeSite('empty-list', events, listing, { 'content/events/launch.toml': 'title = "Launch"\n' });
    const run = await build(root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[ContentListEmpty]');
    expect(run.stderr).toContain('events/ has no entry files (.md, .json, .yaml or .yml): it holds launch.toml, so its list would be empty.');
  });
});
