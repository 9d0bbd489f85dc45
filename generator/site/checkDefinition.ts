/**
 * The shape check of a loaded site definition: what site.config.ts exports must have collections,
 * meta, routes and templates of the right kinds. The first problem becomes SiteConfigInvalid with
 * the field and, when the file names it, its line. Pure apart from reading the config's text for
 * the line.
 */
import { readFileSync } from 'node:fs';
import { SiteError } from '../errors.ts';
import type { SiteDefinition } from './defineConfig.ts';

type Check = [field: string, ok: (d: Record<string, unknown>) => boolean, expected: string];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalFn = (v: unknown) => v === undefined || typeof v === 'function';
const isComponent = (v: unknown) => typeof v === 'function' || (isObject(v) && '$$typeof' in v);

const checks: Check[] = [
  ['collections', (d) => isObject(d.collections), 'must be an object of collections (collection.file, collection.record, collection.list)'],
  ['meta', (d) => typeof d.meta === 'function', 'must be a function of the content that returns the site name, url and language (socialImage and favicon optional)'],
  ['routes', (d) => typeof d.routes === 'function', 'must be a function of the content that returns the route table'],
  ['templates', (d) => isObject(d.templates) && Object.values(d.templates).every(isComponent), 'must be an object of React components by template name'],
  ['layout', (d) => d.layout === undefined || isComponent(d.layout), 'must be a React component'],
  ['jsonLd', (d) => optionalFn(d.jsonLd), 'must be a function of a route'],
  ['files', (d) => optionalFn(d.files), 'must be a function of the routes'],
  ['csp', (d) => optionalFn(d.csp), 'must be a function of the content'],
  ['markdown', (d) => d.markdown === undefined || isObject(d.markdown), 'must be an object of markdown options'],
  [
    'markdown.highlight',
    (d) => {
      const highlight = (d.markdown as { highlight?: unknown } | undefined)?.highlight;
      return highlight === undefined || typeof highlight === 'boolean' || isObject(highlight);
    },
    'must be false (fenced code stays plain) or an object of highlight options, e.g. { aliases: { npmrc: "ini" } }',
  ],
  ['budgets', (d) => d.budgets === undefined || isObject(d.budgets), 'must be an object of JavaScript budgets'],
  [
    'budgets.pageBytes',
    (d) => {
      const bytes = (d.budgets as { pageBytes?: unknown } | undefined)?.pageBytes;
      return bytes === undefined || (Number.isInteger(bytes) && (bytes as number) > 0);
    },
    'must be a whole number of bytes greater than 0 (the most HTML one page may have)',
  ],
  [
    'redirects',
    (d) => d.redirects === undefined || (isObject(d.redirects) && Object.values(d.redirects).every((to) => typeof to === 'string')),
    'must be an object of old path -> route path or https:// URL',
  ],
  [
    'widgetAliases',
    (d) => d.widgetAliases === undefined || (isObject(d.widgetAliases) && Object.values(d.widgetAliases).every((f) => typeof f === 'string')),
    'must be an object of package name -> file relative to the site root',
  ],
  [
    'images',
    (d) => {
      if (d.images === undefined) return true;
      if (!isObject(d.images)) return false;
      const { widths, sizes } = d.images;
      const goodWidths = widths === undefined || (Array.isArray(widths) && widths.length > 0 && widths.every((w) => Number.isInteger(w) && (w as number) > 0));
      return goodWidths && (sizes === undefined || (typeof sizes === 'string' && sizes.trim() !== ''));
    },
    'must be { widths?: whole numbers of pixels greater than 0, sizes?: a sizes attribute such as "(min-width: 46rem) 46rem, 100vw" }',
  ],
  [
    'search',
    (d) =>
      d.search === undefined ||
      (isObject(d.search) &&
        isObject(d.collections) &&
        isObject(d.collections[d.search.collection as string]) &&
        (d.collections[d.search.collection as string] as Record<string, unknown>).kind === 'list' &&
        Array.isArray(d.search.fields) &&
        d.search.fields.length > 0 &&
        d.search.fields.every((f) => typeof f === 'string') &&
        typeof d.search.url === 'function' &&
        optionalFn(d.search.result)),
    'must be { collection: the name of a list collection, fields: its fields to search ("body" for the text), url: entry -> its URL }',
  ],
  [
    'socialImages',
    (d) =>
      d.socialImages === undefined ||
      (isObject(d.socialImages) &&
        typeof d.socialImages.card === 'function' &&
        Array.isArray(d.socialImages.fonts) &&
        d.socialImages.fonts.length > 0 &&
        d.socialImages.fonts.every(isSocialFont)),
    'must be { card: (data, meta) => the card\'s elements, fonts: [{ file: "templates/fonts/x.woff", name: "Inter", weight: 400 | 700 ... }] }',
  ],
  [
    'followSymlinks',
    (d) => d.followSymlinks === undefined || typeof d.followSymlinks === 'boolean',
    'must be true (content may link to files and folders outside the site) or false',
  ],
];

const WEIGHTS = new Set([100, 200, 300, 400, 500, 600, 700, 800, 900]);
const isSocialFont = (f: unknown): boolean =>
  isObject(f) &&
  typeof f.file === 'string' &&
  f.file !== '' &&
  typeof f.name === 'string' &&
  f.name !== '' &&
  (f.weight === undefined || WEIGHTS.has(f.weight as number)) &&
  (f.style === undefined || f.style === 'normal' || f.style === 'italic');

const kinds = new Set(['file', 'record', 'list']);

export function checkDefinition(value: unknown, file: string, configPath?: string): SiteDefinition<any, any, any> {
  const fail = (field: string, expected: string): never => {
    throw new SiteError('SiteConfigInvalid', { file, line: lineOf(configPath, field.split('.').at(-1)!), field, expected });
  };
  if (!isObject(value)) return fail('export default', 'must be the object defineConfig() returns');
  for (const [field, ok, expected] of checks) if (!ok(value)) fail(field, expected);
  for (const [name, c] of Object.entries(value.collections as Record<string, unknown>)) {
    if (!isObject(c) || !kinds.has(String(c.kind))) fail(`collections.${name}`, 'must be made with collection.file, collection.record or collection.list');
    for (const option of ['draft', 'date'] as const) {
      const v = (c as Record<string, unknown>)[option];
      if ((c as Record<string, unknown>).kind === 'list' && v !== undefined && typeof v !== 'function' && (typeof v !== 'string' || v === '')) {
        fail(`collections.${name}.${option}`, 'must be the name of a front-matter field or a function of an entry');
      }
    }
  }
  return guardHooks(value as unknown as SiteDefinition<any, any, any>);
}

const HOOKS = ['meta', 'routes', 'jsonLd', 'files', 'csp'] as const;
const guarded = new WeakSet<object>();

/**
 * The definition with each of its functions turned into one whose exception (other than a SiteError) is
 * a SiteHookFailed naming the function: a site's bug reads as the site's, not as the engine's.
 */
export function guardHooks<D extends SiteDefinition<any, any, any>>(definition: D): D {
  if (guarded.has(definition)) return definition;
  const out = { ...definition } as Record<string, unknown>;
  for (const hook of HOOKS) {
    const fn = definition[hook] as ((...args: unknown[]) => unknown) | undefined;
    if (typeof fn !== 'function') continue;
    out[hook] = (...args: unknown[]) => {
      try {
        return fn(...args);
      } catch (e) {
        if (e instanceof SiteError) throw e;
        throw new SiteError('SiteHookFailed', { hook, reason: e instanceof Error ? e.message : String(e) });
      }
    };
  }
  guarded.add(out);
  return out as D;
}

/** The line of the config where `key:` first appears, if the file can be read. */
function lineOf(configPath: string | undefined, key: string): number | undefined {
  if (!configPath) return undefined;
  try {
    const at = readFileSync(configPath, 'utf8').split('\n').findIndex((l) => new RegExp(`\\b${key}\\s*[:(,]`).test(l));
    return at >= 0 ? at + 1 : undefined;
  } catch {
    return undefined;
  }
}
