/** ShardState parses articles to metadata and renders pages batch by batch, each with the deps it read and the cache key the main thread computes the same way. */
import { readFileSync, writeFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFiles } from '../../../generator/assets/staticFiles.ts';
import { BuildCache } from '../../../generator/cache/BuildCache.ts';
import { contentHash } from '../../../generator/core/contentHash.ts';
import { allEntries, depHasher as engineDepHasher, pageKey, routeDigester as engineDigester } from '../../../generator/render/pageKey.ts';
import {
  listEntryFiles,
  loadFixedContent,
  parseEntry,
  sortEntries,
  withoutBody,
  type ContentSnapshot,
} from '../../../generator/content/load.ts';
import { renderMarkdown } from '../../../generator/content/markdown.ts';
import { SiteError } from '../../../generator/core/errors.ts';
import type { EntryMeta, ListCollection } from '../../../generator/site/defineConfig.ts';
import { ShardState as EngineShardState, type Prepared, type RenderAssets, type RenderJob, type SourceFile } from '../../../generator/shards/ShardState.ts';
import { noFeatures, type ShardFeatures } from '../../../generator/shards/pageAnalyser.ts';
import { pageAnalysers, type BuiltPage as RenderedPage } from '../../../generator/stages/pageAnalysers.ts';
import { buildRoutes as siteRoutes, SITE_URL, site as definition, tinyContentDir, writeTinyStatic, type TinyRoute as Route } from '../helpers/tinySite.tsx';

/** The build's page analysers for the tiny site (the check summary). */
const features = pageAnalysers(definition);
/** The tiny site's shard: its definition, markdown-it, the build's analysers (or those given). */
class ShardState extends EngineShardState {
  constructor(given: ShardFeatures = features) {
    super(definition, renderMarkdown, given);
  }
}
const list = definition.collections.posts as ListCollection;
type Content = ContentSnapshot;
type SiteContent = ContentSnapshot;
type PostMeta = EntryMeta;
const listPostFiles = (dir: string) => listEntryFiles(dir, 'blog');
const loadSiteContent = (dir: string) => loadFixedContent(dir, definition.collections, renderMarkdown);
const parsePost = (file: string, source: string) => parseEntry(list, file, source, renderMarkdown);
const sortPosts = (metas: PostMeta[]) => sortEntries(list, metas);
const withPosts = (fixed: SiteContent, metas: PostMeta[]): Content => ({ ...fixed, collections: { ...fixed.collections, posts: metas.map(withoutBody) } });
const buildRoutes = (c: Content) => siteRoutes(c.collections as never);
const routeDigester = (c: Content) => engineDigester(allEntries(c, definition.collections));
const depHasher = (c: Content, r: Route[]) => engineDepHasher(c, definition.collections, r, routeDigester(c));

const GLOBAL_KEY = 'global-key-of-the-test';

let tmp: string;
/** The tiny site's content folder (tests/unit/helpers/tinySite.tsx). */
let contentDir: string;
let site: SiteContent;
let sources: SourceFile[];
/** Every article's metadata, newest first, parsed once here. */
let posts: PostMeta[];
let assets: RenderAssets;
/** The content and routes the main thread would have: metadata only. */
let content: Content;
let routes: Route[];
let paths: string[];

/** Each article's source, read from a content folder. */
const readSourcesOf = async (dir: string): Promise<SourceFile[]> =>
  listPostFiles(dir).map((file) => {
    const source = readFileSync(path.join(dir, 'blog', file), 'utf8');
    return { file, source, hash: contentHash(source) };
  });

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-shard-'));
  contentDir = tinyContentDir();
  const staticDir = writeTinyStatic(path.join(tmp, 'static'));
  site = await loadSiteContent(contentDir);
  sources = await readSourcesOf(contentDir);
  posts = sortPosts(new ShardState().parse(contentDir, 'posts', sources).metas);
  const statics = await staticFiles(staticDir);
  assets = {
    stylesheet: '/a.css',
    scripts: ['/l.js'],
    csp: "default-src 'self'",
    statics: Object.fromEntries([...statics.files].map(([name, { file }]) => [name, `/${file}`])),
  };
  content = withPosts(site, posts);
  routes = buildRoutes(content);
  paths = routes.map((r) => r.path);
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

/** A render job as the build sends it: the lists with bodies empty and the plan's route table over them (`posts`: other metadata, `content`: other fixed content). */
const job = ({ posts: metas = posts, ...overrides }: Partial<Omit<RenderJob, 'lists' | 'routes'>> & { posts?: PostMeta[] } = {}): RenderJob => {
  const planned = withPosts(overrides.content ?? site, metas);
  return { ...jobOf(planned.collections.posts as never, buildRoutes(planned)), ...overrides };
};
const jobOf = (listed: RenderJob['lists'][string], planned: Route[]): RenderJob => ({
  content: site,
  lists: { posts: listed },
  routes: planned,
  siteUrl: SITE_URL,
  assets,
  globalKey: GLOBAL_KEY,
  outDir: null,
  cacheDir: null,
  analysers: [...features.names],
});

/** Opens `j` in a fresh state (or the one given) and renders `only` (every route by default) as one batch. */
function render(j: RenderJob, { only = paths, state = new ShardState(), prepared }: { only?: string[]; state?: ShardState; prepared?: Prepared } = {}): RenderedPage[] {
  state.open(j, prepared);
  return state.renderBatch(only) as RenderedPage[];
}

/** `value` and everything it holds, frozen: writing to any of it throws (modules run in strict mode). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('ShardState.parse', () => {
  it('returns every article as metadata: front matter, slug, file and hash, no rendered body', () => {
    const { metas, stamps } = new ShardState().parse(contentDir, 'posts', sources);
    expect(stamps).toEqual({}); // nothing was read: the texts came with the request
    expect(metas.map((m) => m.file)).toEqual(sources.map((s) => `blog/${s.file}`));
    for (const [i, meta] of metas.entries()) {
      expect(meta).not.toHaveProperty('html');
      expect(meta).not.toHaveProperty('headings');
      expect(meta).not.toHaveProperty('words');
      expect(meta.slug).toBe(sources[i]!.file.replace(/\.md$/, ''));
      expect(meta.hash).toBe(sources[i]!.hash);
      expect((meta as PostMeta & { title: string }).title).toBeTruthy();
    }
  });

  it('reads, hashes and stamps the articles that come without their text, with the same metadata', () => {
    const read = new ShardState().parse(contentDir, 'posts', sources.map((s) => ({ file: s.file })));
    expect(read.metas).toEqual(new ShardState().parse(contentDir, 'posts', sources).metas);
    for (const s of sources) expect(read.stamps[s.file]).toMatch(new RegExp(`^\\d+:\\d+:[\\d.]+ ${s.hash}$`));
  });

  it('reports invalid front matter as a SiteError naming the file', () => {
    const e = thrown(() => new ShardState().parse(contentDir, 'posts', [{ file: 'bad.md', source: '---\ntitle: 1\n---\n', hash: 'h' }]));
    expect(e).toBeInstanceOf(SiteError);
    expect((e as SiteError).location.file).toBe('blog/bad.md');
  });
});

describe('ShardState.render with outDir null', () => {
  let pages: RenderedPage[];
  beforeAll(() => {
    pages = render(job());
  });

  it('returns every requested page, in order, with its HTML', () => {
    expect(pages.map((p) => p.path)).toEqual(paths);
    for (const [i, p] of pages.entries()) {
      expect(p.file).toBe(routes[i]!.file);
      expect(p.html).toMatch(/^<!doctype html><html/);
      expect(p.hash).toBe(contentHash(p.html!));
      expect(p.bytes).toBe(Buffer.byteLength(p.html!));
      expect(p.summary.url).toBe(p.path);
      expect(p.stamp).toBeUndefined();
    }
  });

  it('renders only the paths asked for', () => {
    const some = [paths[3]!, paths[0]!];
    expect(render(job(), { only: some }).map((p) => p.path)).toEqual(some);
  });

  it("renders an article's markdown body, read from disk when this state did not parse it", () => {
    const route = routes.find((r) => r.template === 'article')!;
    const page = pages.find((p) => p.path === route.path)!;
    const file = route.entry!.file.replace(/^blog\//, '');
    const full = parsePost(file, sources.find((s) => s.file === file)!.source!);
    expect(full.headings.length).toBeGreaterThan(0);
    for (const h of full.headings) expect(page.html).toContain(`id="${h.id}"`);
  });

  it("records each page's deps, sorted; every page reads site.json", () => {
    for (const p of pages) {
      expect(p.deps).toContain('site.json');
      expect(p.deps).toEqual([...new Set(p.deps)].sort());
    }
    expect(pages.find((p) => p.path === '/')!.deps).toContain('pages/home.json');
    expect(pages.find((p) => p.path === '/terms')!.deps).toContain('legal/terms.md');
    // The blog's cards come from its route (the entries it carries are in its key), not from the whole list.
    expect(pages.find((p) => p.path === '/blog')!.deps).toContain('pages/blog.json');
    expect(pages.find((p) => p.path === '/blog')!.deps).not.toContain('blog/');
  });

  it('gives each page the key the main thread computes from the global key, its route and its deps', () => {
    const hashOf = depHasher(content, routes);
    for (const [i, p] of pages.entries()) {
      expect(p.key).toBe(pageKey(GLOBAL_KEY, routeDigester(content)(routes[i]!), p.deps, hashOf));
    }
    expect(new Set(pages.map((p) => p.key)).size).toBe(pages.length);
  });

  it('gives every page a new key under another global key, and the same HTML', () => {
    const other = render(job({ globalKey: 'another' }));
    for (const [i, p] of other.entries()) {
      expect(p.key).not.toBe(pages[i]!.key);
      expect(p.html).toBe(pages[i]!.html);
    }
  });

  it('renders batch after batch of one open job, in any order, the same page the same way every time', () => {
    const many = Array.from({ length: 120 }, (_, i) => paths[(i * 7) % paths.length]!);
    const state = new ShardState();
    state.open(job());
    const flat = [many.slice(0, 50), many.slice(50, 53), many.slice(53)].flatMap((batch) => state.renderBatch(batch));
    expect(flat.map((p) => p.path)).toEqual(many);
    const first = new Map(pages.map((p) => [p.path, p]));
    for (const p of flat) {
      expect(p.html).toBe(first.get(p.path)!.html);
      expect(p.key).toBe(first.get(p.path)!.key);
    }
  });

  it("with the caller's own content and routes: the same pages, and the articles' bodies emptied again", () => {
    const own: Content = withPosts(site, posts);
    const ownRoutes = buildRoutes(own);
    const again = render(job(), { prepared: { content: own, routes: ownRoutes } });
    expect(again.map((p) => [p.path, p.key, p.hash])).toEqual(pages.map((p) => [p.path, p.key, p.hash]));
    for (const post of own.collections.posts as ReturnType<typeof withoutBody>[]) expect([post.html, post.headings, post.words]).toEqual(['', [], 0]);
  });

  it("with the caller's content and routes deep-frozen: the same pages (a render changes no route and no entry)", () => {
    const own: Content = withPosts(site, posts);
    const ownRoutes = deepFreeze(buildRoutes(own));
    deepFreeze(own);
    const again = render(job(), { prepared: { content: own, routes: ownRoutes } });
    expect(again.map((p) => [p.path, p.key, p.hash, p.html])).toEqual(pages.map((p) => [p.path, p.key, p.hash, p.html]));
  });

  it('renders markdown ahead while it waits for the job, some articles at a time, and the pages come out the same', () => {
    const state = new ShardState();
    state.parse(contentDir, 'posts', sources);
    expect(state.renderAhead(2)).toBe(sources.length > 2);
    while (state.renderAhead(2));
    expect(state.renderAhead(2)).toBe(false);
    const again = render(job(), { state });
    expect(again.map((p) => [p.path, p.key, p.hash, p.html])).toEqual(pages.map((p) => [p.path, p.key, p.hash, p.html]));
  });

  it('renders nothing ahead once the job is open (its pages render in order from then on)', () => {
    const state = new ShardState();
    state.parse(contentDir, 'posts', sources);
    state.open(job());
    expect(state.renderAhead(100)).toBe(false);
    expect(state.renderBatch(paths).map((p) => p.hash)).toEqual(pages.map((p) => p.hash));
  });

  it("runs the analysers the job names, found by name in the shard's features, each result under its name", () => {
    const seen: string[] = [];
    const given: ShardFeatures = {
      names: ['size', 'article'],
      analyser: (name) =>
        name === 'size'
          ? { name, analyse: ({ route, parts }) => (seen.push(route.path), parts.length) }
          : { name, analyse: ({ route, body }) => (route.entry && body ? { file: route.entry.file, headings: body.headings.length } : undefined) },
    };
    const analysed = render(job({ analysers: ['size', 'article'] }), { state: new ShardState(given) }) as unknown as (RenderedPage & { size: number; article?: { file: string; headings: number } })[];
    expect(seen).toEqual(paths);
    for (const [i, p] of analysed.entries()) {
      expect(p.size).toBeGreaterThan(0);
      expect(p).not.toHaveProperty('summary');
      expect(p.html).toBe(pages[i]!.html);
      if (routes[i]!.entry) expect(p.article!.file).toBe(routes[i]!.entry!.file);
      else expect(p).not.toHaveProperty('article');
    }
    expect(render(job({ analysers: [] }), { state: new ShardState(given) }).every((p) => !('size' in p))).toBe(true);
  });

  it('fails to open a job that names an analyser the shard was not given', () => {
    expect(() => new ShardState(noFeatures).open(job({ analysers: ['summary'] }))).toThrow(/no page analyser named summary/);
  });

  it('throws for a route that does not exist', () => {
    expect(() => render(job(), { only: ['/no-such-page'] })).toThrow(/unknown route \/no-such-page/);
  });

  it('throws AssetMissing when a template asks for a static file the job has no URL for', () => {
    const e = thrown(() => render(job({ assets: { ...assets, statics: {} } }), { only: ['/'] }));
    expect(e).toBeInstanceOf(SiteError);
    expect((e as SiteError).code).toBe('AssetMissing');
  });
});

describe('ShardState.render into an output folder and the cache', () => {
  it('writes each page, links it into the cache and returns its stamp instead of its HTML', async () => {
    const outDir = path.join(tmp, 'out');
    const cacheDir = path.join(tmp, 'cache');
    for (const r of routes) await mkdir(path.dirname(path.join(outDir, r.file)), { recursive: true });
    const pages = render(job({ outDir, cacheDir }));
    const expected = render(job());
    const cache = BuildCache.open(cacheDir, { read: true });
    for (const [i, p] of pages.entries()) {
      const file = path.join(outDir, p.file);
      expect(p).not.toHaveProperty('html');
      expect(await readFile(file, 'utf8')).toBe(expected[i]!.html);
      expect(p.hash).toBe(expected[i]!.hash);
      expect(p.key).toBe(expected[i]!.key);
      expect(p.stamp).toBe(cache.pageStamp(p.hash));
      expect((await stat(file)).ino).toBe((await stat(path.join(cacheDir, 'pages', `${p.hash}.html`))).ino);
    }
  });
});

describe('ShardState.render when an article changed on disk', () => {
  let dir: string;
  let copySite: SiteContent;
  let copyPosts: PostMeta[];
  let route: Route;
  beforeAll(async () => {
    dir = path.join(tmp, 'content');
    await cp(contentDir, dir, { recursive: true });
    copySite = await loadSiteContent(dir);
    copyPosts = sortPosts(new ShardState().parse(dir, 'posts', await readSourcesOf(dir)).metas);
    route = buildRoutes(withPosts(copySite, copyPosts)).find((r) => r.template === 'article')!;
  });

  const SENTENCE = 'A sentence added while the site was building.';
  /** Writes the article as it was copied, or with a sentence appended. */
  const write = (edited: boolean) => {
    const file = path.join(contentDir, route.entry!.file);
    const original = readFileSync(file, 'utf8');
    writeFileSync(path.join(dir, route.entry!.file), edited ? `${original}\n${SENTENCE}\n` : original);
  };

  it('throws ContentChangedDuringBuild when the file no longer hashes to its metadata', () => {
    write(true);
    const e = thrown(() => render(job({ content: copySite, posts: copyPosts }), { only: [route.path] }));
    expect(e).toBeInstanceOf(SiteError);
    expect((e as SiteError).code).toBe('ContentChangedDuringBuild');
    expect((e as SiteError).location.file).toBe(route.entry!.file);
  });

  it('renders the text it parsed itself, not the file now on disk', async () => {
    write(false);
    const state = new ShardState();
    const parsed = state.parse(dir, 'posts', await readSourcesOf(dir)).metas;
    write(true);
    const pages = render(job({ content: copySite, posts: sortPosts(parsed) }), { only: [route.path], state });
    expect(pages.map((p) => p.path)).toEqual([route.path]);
    expect(pages[0]!.html).not.toContain(SENTENCE);
    expect(pages[0]!.key).toBe(render(job(), { only: [route.path] })[0]!.key);
  });
});
