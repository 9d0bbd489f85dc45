/** A site config of the wrong shape is a SiteConfigInvalid naming the field, what it takes and the line that holds it. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SiteError } from '../../../generator/core/errors.ts';
import { checkDefinition } from '../../../generator/site/checkDefinition.ts';
import { collection, defineConfig } from '../../../generator/site/defineConfig.ts';
import site from '../../fixtures/docs-site/site.config.ts';
import imageSite from '../../fixtures/image-site/site.config.ts';

const good = defineConfig({
  collections: { home: collection.file('home.json', z.object({ title: z.string() })) },
  meta: () => ({ name: 'S', url: 'https://example.com', language: 'en', socialImage: 'og.png', favicon: 'icon.svg' }),
  routes: () => [],
  templates: { page: () => null },
});

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-config-'));
  file = path.join(dir, 'site.config.ts');
  await writeFile(file, ['export default defineConfig({', '  collections,', '  meta,', '  routes: 5,', '  templates,', '});', ''].join('\n'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function failure(value: unknown): SiteError<'SiteConfigInvalid'> {
  try {
    checkDefinition(value, 'site.config.ts', file);
  } catch (e) {
    expect(e).toBeInstanceOf(SiteError);
    return e as SiteError<'SiteConfigInvalid'>;
  }
  throw new Error('expected a SiteConfigInvalid');
}

describe('checkDefinition', () => {
  it("accepts the fixture sites' configs and a minimal one", () => {
    expect(checkDefinition(site, 'site.config.ts')).toMatchObject({ collections: site.collections, templates: site.templates });
    expect(checkDefinition(imageSite, 'site.config.ts')).toMatchObject({ collections: imageSite.collections, templates: imageSite.templates });
    expect(checkDefinition(good, 'site.config.ts')).toMatchObject({ collections: good.collections, templates: good.templates });
  });

  it("turns an exception of the site's own functions into SiteHookFailed naming the function", () => {
    const checked = checkDefinition({ ...good, routes: () => { throw new Error('no section for docs/x.md'); } }, 'site.config.ts');
    let error: unknown;
    try {
      checked.routes({});
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SiteError);
    expect((error as SiteError).code).toBe('SiteHookFailed');
    // Where the function was written: this file, at its line.
    expect((error as SiteError).message).toMatch(/^tests\/unit\/site\/checkDefinition\.test\.ts:\d+: the site's `routes` threw: no section for docs\/x\.md\./);
    expect(checked.meta({}).name).toBe('S');
  });

  it('names the field, what it takes and its line', () => {
    const e = failure({ ...good, routes: 5 });
    expect(e.code).toBe('SiteConfigInvalid');
    expect(e.message).toBe('site.config.ts:4: "routes" must be a function of the content that returns the route table.');
    expect(e.hint).toMatch(/defineConfig/);
  });

  it('refuses a missing export, a template that is not a component and a collection not made with collection.*', () => {
    expect(failure(undefined).args.field).toBe('export default');
    expect(failure({ ...good, templates: { page: 'Page' } }).args.field).toBe('templates');
    expect(failure({ ...good, collections: { home: { file: 'home.json' } } }).args.field).toBe('collections.home');
    expect(failure({ ...good, meta: undefined }).args.field).toBe('meta');
  });

  it('refuses socialImages without a card function or with a font of the wrong shape', () => {
    const font = { file: 'templates/fonts/inter.woff', name: 'Inter', weight: 700 };
    expect(() => checkDefinition({ ...good, socialImages: { card: () => null, fonts: [font] } }, 'site.config.ts')).not.toThrow();
    for (const socialImages of [
      { fonts: [font] },
      { card: () => null, fonts: [] },
      { card: () => null, fonts: [{ ...font, weight: 450 }] },
      { card: () => null, fonts: [{ ...font, style: 'oblique' }] },
      { card: () => null, fonts: [{ name: 'Inter' }] },
    ]) {
      const e = failure({ ...good, socialImages });
      expect(e.args.field, JSON.stringify(socialImages)).toBe('socialImages');
      expect(e.message).toMatch(/card: \(data, meta\) => the card's elements, fonts: \[\{ file: "templates\/fonts\/x\.woff"/);
    }
  });

  it("refuses a list collection's draft or date option that is neither a field name nor a function", () => {
    const list = (options: object) => ({ ...good, collections: { posts: { kind: 'list', dir: 'blog', schema: {}, ...options } } });
    expect(failure(list({ draft: true })).args).toMatchObject({
      field: 'collections.posts.draft',
      expected: 'must be the name of a front-matter field or a function of an entry',
    });
    expect(failure(list({ date: '' })).args.field).toBe('collections.posts.date');
    // false turns off the default (the schema's own draft and date fields).
    expect(checkDefinition(list({ draft: false, date: false }), 'site.config.ts')).toBeTruthy();
  });

  it('refuses redirects that are not old path -> target strings, and a page budget that is not a positive whole number', () => {
    expect(checkDefinition({ ...good, redirects: { '/old': '/' }, budgets: { pageBytes: 200_000 } }, 'site.config.ts')).toMatchObject({ redirects: { '/old': '/' } });
    expect(failure({ ...good, redirects: ['/old', '/'] }).args.field).toBe('redirects');
    expect(failure({ ...good, redirects: { '/old': 1 } }).args.field).toBe('redirects');
    for (const pageBytes of [0, -1, 1.5, '150 KB']) {
      const e = failure({ ...good, budgets: { pageBytes } });
      expect(e.args.field).toBe('budgets.pageBytes');
      expect(e.message).toContain('must be a whole number of bytes greater than 0');
    }
  });

  it('takes followSymlinks as a boolean, and names it otherwise', () => {
    for (const followSymlinks of [true, false]) expect(checkDefinition({ ...good, followSymlinks }, 'site.config.ts')).toMatchObject({ followSymlinks });
    for (const followSymlinks of ['yes', 1, {}]) {
      const e = failure({ ...good, followSymlinks });
      expect(e.args.field).toBe('followSymlinks');
      expect(e.message).toContain('"followSymlinks" must be true (content may link to files and folders outside the site) or false');
    }
  });

  it('takes markdown.highlight as false or an object of options, and names it otherwise', () => {
    for (const highlight of [false, true, {}, { aliases: { npmrc: 'ini' } }]) expect(checkDefinition({ ...good, markdown: { highlight } }, 'site.config.ts')).toBeTruthy();
    for (const highlight of ['github-dark', ['ts'], 0]) {
      const e = failure({ ...good, markdown: { highlight } });
      expect(e.args.field).toBe('markdown.highlight');
      expect(e.message).toContain('must be false (fenced code stays plain) or an object of highlight options');
      }
    });

  it('takes image widths as positive whole numbers and sizes as a non-empty string', () => {
    const images = { widths: [480, 960], sizes: '100vw' };
    expect(checkDefinition({ ...good, images }, 'site.config.ts').images).toBe(images);
    for (const bad of [[], { widths: [] }, { widths: [480, 0] }, { widths: ['480'] }, { sizes: '' }, { sizes: 100 }]) {
      const e = failure({ ...good, images: bad });
      expect(e.args.field).toBe('images');
      expect(e.message).toContain('whole numbers of pixels greater than 0');
    }
  });

  it('takes a search over a list collection only, with its fields and a url function', () => {
    const posts = collection.list('blog', z.object({ title: z.string() }));
    const withPosts = { ...good, collections: { ...good.collections, posts } };
    const search = { collection: 'posts', fields: ['title', 'body'], url: (e: { slug: string }) => `/blog/${e.slug}` };
    expect(checkDefinition({ ...withPosts, search }, 'site.config.ts').search).toBe(search);
    const e = failure({ ...withPosts, search: { ...search, collection: 'home' } });
    expect(e.args.field).toBe('search.collection');
    expect(e.args.expected).toMatch(/list collection/);
    expect(failure({ ...withPosts, search: { ...search, url: '/blog' } }).args.field).toBe('search');
    expect(failure({ ...withPosts, search: { ...search, fields: [] } }).args.field).toBe('search');
  });

  it('names the list collection nearest to a search collection that is none', () => {
    const trails = collection.list('trails', z.object({ title: z.string() }));
    const search = { collection: 'trail', fields: ['title'], url: (e: { slug: string }) => `/trails/${e.slug}` };
    const e = failure({ ...good, collections: { ...good.collections, trails }, search });
    expect(e.args.field).toBe('search.collection');
    expect(e.message).toContain('"search.collection" is "trail", which is not a list collection of this config: did you mean "trails"? (its list collections: trails).');
    expect(failure({ ...good, search }).args.expected).toBe('is "trail", which is not a list collection of this config (it has none: collection.list(dir, schema) makes one)');
  });

  it('refuses a field the config does not have, naming the one it is nearest to (a typo never turns a feature off unseen)', () => {
    const e = failure({ ...good, redirect: { '/old': '/' } });
    expect(e.args.field).toBe('redirect');
    expect(e.message).toMatch(/^site\.config\.ts: "redirect" is not a field of the config: did you mean "redirects"\? \(it takes collections, meta, routes, /);
    expect(failure({ ...good, socialImage: 'og.png' }).args.expected).toMatch(/did you mean "socialImages"\?/);
    expect(failure({ ...good, integrations: [] }).args.expected).not.toMatch(/did you mean/);
  });

  it('refuses an unknown key inside an option object or a list collection, where it is', () => {
    const cases: [object, string, string][] = [
      [{ images: { widht: [480] } }, 'images.widht', 'widths'],
      [{ budgets: { totl: 1000 } }, 'budgets.totl', 'total'],
      [{ markdown: { engien: 'remark' } }, 'markdown.engien', 'engine'],
      [{ markdown: { highlight: { alias: {} } } }, 'markdown.highlight.alias', 'aliases'],
      [{ search: { collection: 'posts', fields: ['title'], url: () => '/', reslt: () => ({ title: '' }) } }, 'search.reslt', 'result'],
      [{ socialImages: { card: () => null, fonts: [{ file: 'a.woff', name: 'A', wieght: 700 }] } }, 'socialImages.fonts.0.wieght', 'weight'],
      [{ collections: { posts: collection.list('blog', z.object({}), { drafts: 'hidden' } as object) } }, 'collections.posts.drafts', 'draft'],
    ];
    const posts = collection.list('blog', z.object({ title: z.string() }));
    for (const [extra, field, near] of cases) {
      const e = failure({ ...good, collections: { ...good.collections, posts }, ...extra });
      expect(e.args.field, field).toBe(field);
      expect(e.args.expected, field).toContain(`did you mean "${near}"?`);
    }
  });

  it('refuses one zod schema given to a record collection, naming the collection and pointing to list', () => {
    const events = collection.record('events', 'json', z.object({ title: z.string() }) as never);
    const e = failure({ ...good, collections: { ...good.collections, events } });
    expect(e.args.field).toBe('collections.events');
    expect(e.message).toMatch(/^site\.config\.ts: "collections\.events" is a record collection, which takes an object of schemas keyed by file name .*but got one zod schema: .*use collection\.list\(dir, schema\)\.$/);
    const record = collection.record('pages', 'json', { home: z.object({ title: z.string() }) });
    expect(checkDefinition({ ...good, collections: { ...good.collections, record } }, 'site.config.ts')).toBeTruthy();
  });

  it('takes the JavaScript budgets as positive whole numbers and the content templates as names', () => {
    expect(checkDefinition({ ...good, budgets: { total: 150_000, contentTemplates: ['article'] } }, 'site.config.ts')).toBeTruthy();
    expect(failure({ ...good, budgets: { total: '150 KB' } }).args).toMatchObject({ field: 'budgets.total', expected: 'must be a whole number of gzip bytes greater than 0' });
    expect(failure({ ...good, budgets: { contentTemplates: 'article' } }).args.field).toBe('budgets.contentTemplates');
  });

  it('takes markdown.engine as markdown-it or remark', () => {
    expect(checkDefinition({ ...good, markdown: { engine: 'remark' } }, 'site.config.ts')).toBeTruthy();
    expect(failure({ ...good, markdown: { engine: 'marked' } }).args).toMatchObject({
      field: 'markdown.engine',
      expected: 'must be "markdown-it" (the default) or "remark", not the string "marked"',
    });
  });

  it('takes markdown plugins as functions or [function, options], listed for the engine that runs them', () => {
    const plugin = () => undefined;
    expect(checkDefinition({ ...good, markdown: { markdownItPlugins: [plugin, [plugin, { a: 1 }]], remarkPlugins: [] } }, 'site.config.ts')).toBeTruthy();
    expect(checkDefinition({ ...good, markdown: { engine: 'remark', remarkPlugins: [plugin] } }, 'site.config.ts')).toBeTruthy();
    expect(failure({ ...good, markdown: { markdownItPlugins: ['markdown-it-anchor'] } }).message).toBe(
      'site.config.ts: "markdown.markdownItPlugins.0" must be a plugin: import the plugin in the site config and list the function itself, or [plugin, options], not the string "markdown-it-anchor".',
    );
    expect(failure({ ...good, markdown: { engine: 'remark', remarkPlugins: [plugin, [{ className: 'x' }]] } }).args).toMatchObject({
      field: 'markdown.remarkPlugins.1',
      expected: expect.stringMatching(/^must be a plugin: .*, not an array whose first item is an object$/),
    });
    expect(failure({ ...good, markdown: { remarkPlugins: [plugin] } }).message).toBe(
      'site.config.ts: "markdown.remarkPlugins" lists plugins, but the engine is "markdown-it" (the default), which would ignore them: set engine to "remark", or remove remarkPlugins.',
    );
    expect(failure({ ...good, markdown: { engine: 'remark', markdownItPlugins: [plugin] } }).args.expected).toBe(
      'lists plugins, but the engine is "remark", which would ignore them: set engine to "markdown-it", or remove markdownItPlugins',
    );
    expect(failure({ ...good, markdown: { engine: 'remark', markdownItPlugins: 'x' } }).args).toMatchObject({
      field: 'markdown.markdownItPlugins',
      expected: 'must be a list of plugins: [plugin] or [[plugin, options]], not the string "x"',
    });
  });

  it('names what a wrong highlight option is, and an alias for a language shiki does not bundle', () => {
    expect(failure({ ...good, markdown: { highlight: 'yes' } }).message).toBe(
      'site.config.ts: "markdown.highlight" must be false (fenced code stays plain) or an object of highlight options, e.g. { aliases: { npmrc: "ini" } }, not the string "yes".',
    );
    expect(failure({ ...good, markdown: { highlight: { theme: 'dark' } } }).args).toMatchObject({
      field: 'markdown.highlight.theme',
      expected: 'is not a field of markdown.highlight (it takes aliases)',
    });
    expect(failure({ ...good, markdown: { highlight: { aliases: ['ini'] } } }).args).toMatchObject({
      field: 'markdown.highlight.aliases',
      expected: 'must be an object of fence name -> language, e.g. { npmrc: "ini" }, not an array whose first item is the string "ini"',
    });
    const e = failure({ ...good, markdown: { highlight: { aliases: { npmrc: 'no-such-language' } } } });
    expect(e.message).toBe(
      'site.config.ts: "markdown.highlight.aliases.npmrc" must name a language shiki bundles, by its id or alias, e.g. "javascript", "ts", "bash" (https://shiki.style/languages), not the string "no-such-language".',
    );
    expect(e.hint).toMatch(/defineConfig/);
    expect(checkDefinition({ ...good, markdown: { highlight: { aliases: { npmrc: 'ini', conf: 'INI' } } } }, 'site.config.ts')).toBeTruthy();
  });
});
