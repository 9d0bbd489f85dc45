/**
 * The one shape check of what site.config.ts exports, as a zod schema: every field with what it takes,
 * and no field besides (an unknown key is an error with the nearest known one, so a typo never turns a
 * feature off in silence). checkDefinition.ts turns the first issue into SiteConfigInvalid. Pure.
 */
import { z } from 'zod';
import { knownLanguage } from '../content/highlightCode.ts';
import { ENGINE_NAME } from '../core/engineName.ts';
import { nearestName } from '../core/nearestName.ts';

const isComponent = (v: unknown) => typeof v === 'function' || (typeof v === 'object' && v !== null && '$$typeof' in v);
const fn = (error: string) => z.custom<(...args: never[]) => unknown>((v) => typeof v === 'function', { error });
const positiveInt = (error: string) => z.number({ error }).int({ error }).positive({ error });

/** What each field takes, worded to follow its name: `"routes" must be …`. */
export const EXPECTED = {
  'export default': 'must be the object defineConfig() returns',
  collections: 'must be an object of collections (collection.file, collection.record, collection.list)',
  collection: 'must be made with collection.file, collection.record or collection.list',
  draftOrDate: 'must be the name of a front-matter field or a function of an entry',
  'record.schemas':
    'is a record collection, which takes an object of schemas keyed by file name (collection.record(dir, format, { home: Page, about: Page })), but got one zod schema: for a folder of files that share one schema, use collection.list(dir, schema)',
  meta: 'must be a function of the content that returns the site name, url and language (socialImage and favicon optional)',
  routes: 'must be a function of the content that returns the route table',
  templates: 'must be an object of React components by template name',
  layout: 'must be a React component',
  jsonLd: 'must be a function of a route',
  files: 'must be a function of the routes',
  csp: 'must be a function of the content',
  markdown: 'must be an object of markdown options',
  'markdown.engine': 'must be "markdown-it" (the default) or "remark"',
  'markdown.plugins': 'must be a list of plugins: [plugin] or [[plugin, options]]',
  'markdown.plugin': 'must be a plugin: import the plugin in the site config and list the function itself, or [plugin, options]',
  'markdown.remarkPlugins.ignored': 'lists plugins, but the engine is "markdown-it" (the default), which would ignore them: set engine to "remark", or remove remarkPlugins',
  'markdown.markdownItPlugins.ignored': 'lists plugins, but the engine is "remark", which would ignore them: set engine to "markdown-it", or remove markdownItPlugins',
  'markdown.highlight': 'must be false (fenced code stays plain) or an object of highlight options, e.g. { aliases: { npmrc: "ini" } }',
  'markdown.highlight.aliases': 'must be an object of fence name -> language, e.g. { npmrc: "ini" }',
  'markdown.components':
    'must be an object of name -> { component, props }: a capitalised name (Callout), the React component, and the zod schema of its props, e.g. { Callout: { component: Callout, props: z.object({ type: z.string() }) } }',
  'markdown.highlight.language': 'must name a language shiki bundles, by its id or alias, e.g. "javascript", "ts", "bash" (https://shiki.style/languages)',
  budgets: 'must be an object of JavaScript budgets',
  budget: 'must be a whole number of gzip bytes greater than 0',
  'budgets.contentTemplates': 'must be a list of template names',
  'budgets.pageBytes': 'must be a whole number of bytes greater than 0 (the most HTML one page may have)',
  redirects: 'must be an object of old path -> route path or https:// URL',
  widgetAliases: 'must be an object of package name -> file relative to the site root',
  images: 'must be { widths?: whole numbers of pixels greater than 0, sizes?: a sizes attribute such as "(min-width: 46rem) 46rem, 100vw" }',
  search: 'must be { collection: the name of a list collection, fields: its fields to search ("body" for the text), url: entry -> its URL }',
  socialImages:
    'must be { card: (data, meta) => the card\'s elements, fonts: [{ file: "templates/fonts/x.woff", name: "Inter", weight: 400 | 700 ... }] }',
  i18n: 'must be { locales: { code: { lang, dir?, label, feed? } }, defaultLocale: one of the codes, prefixDefault?, strings?, collections?, fallback: "error" | "page" }',
  'i18n.locale': 'must be { lang: a language tag such as "de" or "en-GB", dir?: "ltr" | "rtl", label: its name, feed?: { title, path } }',
  'i18n.defaultLocale': 'must be the code of one of i18n.locales',
  'i18n.fallback': 'must be "error" (a missing translation fails the build) or "page" (a fallback page, noindex, canonical to the original)',
  'i18n.collection': 'must name a list collection of this config',
  followSymlinks: 'must be true (content may link to files and folders outside the site) or false',
  allowedHosts: 'must be a list of host names ("preview.example.com", or ".example.com" for it and every name under it) or true (any host)',
  plugins: `must be a list of plugins (definePlugin from "${ENGINE_NAME}")`,
  'plugins.name': 'must be the plugin\'s name, a non-empty string',
  'plugins.hook': 'must be a function (a plugin hook: docs/plugins.md)',
  'plugins.jsonLdRules': 'must map a schema.org type to a function listing what a node of it lacks',
  'plugins.checks': 'must map a check\'s name to a function of the finished output listing its problems',
} as const;

/**
 * Fields checked as a whole: a problem anywhere inside one is reported at the field, with what the whole
 * takes (an unknown key inside is still reported where it is).
 */
export const WHOLE_FIELDS = ['templates', 'redirects', 'widgetAliases', 'images', 'search', 'socialImages'] as const;

const draftOrDate = z.union([z.string().min(1), z.literal(false), fn('')], { error: EXPECTED.draftOrDate }).optional();
const collectionSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('file'), file: z.string(), schema: z.any() }),
    z.strictObject({ kind: z.literal('record'), dir: z.string(), format: z.enum(['json', 'markdown']), schemas: z.record(z.string(), z.any()) }),
    z.strictObject({
      kind: z.literal('list'),
      dir: z.string(),
      schema: z.any(),
      nested: z.boolean().optional(),
      sort: fn('must be a function comparing two entries').optional(),
      draft: draftOrDate,
      date: draftOrDate,
    }),
  ],
  { error: EXPECTED.collection },
);

/** A zod schema (what safeParse is called on). */
const isZodSchema = (v: unknown) => typeof (v as { safeParse?: unknown } | null)?.safeParse === 'function';
/** A markdown plugin: the function, or [function, ...options]. */
const isPlugin = (v: unknown) => typeof v === 'function' || (Array.isArray(v) && typeof v[0] === 'function');
const plugins = z.array(z.custom(isPlugin, { error: EXPECTED['markdown.plugin'] }), { error: EXPECTED['markdown.plugins'] }).optional();
const language = z.string({ error: EXPECTED['markdown.highlight.language'] }).refine(knownLanguage, { error: EXPECTED['markdown.highlight.language'] });

/** The markdown options; plugins are listed for the engine that runs them (the other would ignore them in silence). */
const markdownSchema = z
  .strictObject(
    {
      engine: z.enum(['markdown-it', 'remark'], { error: EXPECTED['markdown.engine'] }).optional(),
      markdownItPlugins: plugins,
      remarkPlugins: plugins,
      highlight: z
        .union([z.boolean(), z.strictObject({ aliases: z.record(z.string(), language, { error: EXPECTED['markdown.highlight.aliases'] }).optional() })], {
          error: EXPECTED['markdown.highlight'],
        })
        .optional(),
      components: z
        .record(
          z.string().regex(/^[A-Z][A-Za-z0-9]*$/),
          z.strictObject({ component: z.custom((v) => typeof v === 'function' || (typeof v === 'object' && v !== null)), props: z.custom(isZodSchema).optional() }),
          { error: EXPECTED['markdown.components'] },
        )
        .optional(),
    },
    { error: EXPECTED.markdown },
  )
  .check((ctx) => {
    const { engine, markdownItPlugins, remarkPlugins } = ctx.value;
    const [field, ignored] = engine === 'remark' ? (['markdownItPlugins', markdownItPlugins] as const) : (['remarkPlugins', remarkPlugins] as const);
    if (ignored?.length) ctx.issues.push({ code: 'custom', input: ignored, path: [field], message: EXPECTED[`markdown.${field}.ignored`] });
  });
/** A site in several languages: its locales, the default one, its strings and its fallback rule. */
const i18nSchema = z.strictObject(
  {
    locales: z.record(
      z.string().regex(/^[a-z][a-z0-9-]*$/i, { error: EXPECTED['i18n.locale'] }),
      z.strictObject(
        {
          lang: z.string({ error: EXPECTED['i18n.locale'] }).regex(/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i, { error: EXPECTED['i18n.locale'] }),
          dir: z.enum(['ltr', 'rtl'], { error: EXPECTED['i18n.locale'] }).optional(),
          label: z.string({ error: EXPECTED['i18n.locale'] }).min(1, { error: EXPECTED['i18n.locale'] }),
          feed: z.strictObject({ title: z.string(), path: z.string() }, { error: EXPECTED['i18n.locale'] }).optional(),
        },
        { error: EXPECTED['i18n.locale'] },
      ),
      { error: EXPECTED.i18n },
    ),
    defaultLocale: z.string({ error: EXPECTED['i18n.defaultLocale'] }),
    prefixDefault: z.boolean({ error: EXPECTED.i18n }).optional(),
    strings: z.string({ error: EXPECTED['i18n.collection'] }).optional(),
    collections: z.array(z.string({ error: EXPECTED['i18n.collection'] }), { error: EXPECTED['i18n.collection'] }).optional(),
    fallback: z.enum(['error', 'page'], { error: EXPECTED['i18n.fallback'] }),
  },
  { error: EXPECTED.i18n },
);

const WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;

/** What site.config.ts's default export must be. */
export const siteConfigSchema = z.strictObject(
  {
    collections: z.record(z.string(), collectionSchema, { error: EXPECTED.collections }),
    meta: fn(EXPECTED.meta),
    routes: fn(EXPECTED.routes),
    templates: z.record(z.string(), z.custom(isComponent, { error: EXPECTED.templates }), { error: EXPECTED.templates }),
    layout: z.custom(isComponent, { error: EXPECTED.layout }).optional(),
    jsonLd: fn(EXPECTED.jsonLd).optional(),
    files: fn(EXPECTED.files).optional(),
    csp: fn(EXPECTED.csp).optional(),
    markdown: markdownSchema.optional(),
    budgets: z
      .strictObject(
        {
          loader: positiveInt(EXPECTED.budget).optional(),
          initialContentPage: positiveInt(EXPECTED.budget).optional(),
          total: positiveInt(EXPECTED.budget).optional(),
          contentTemplates: z.array(z.string(), { error: EXPECTED['budgets.contentTemplates'] }).optional(),
          pageBytes: positiveInt(EXPECTED['budgets.pageBytes']).optional(),
        },
        { error: EXPECTED.budgets },
      )
      .optional(),
    redirects: z.record(z.string(), z.string()).optional(),
    widgetAliases: z.record(z.string(), z.string()).optional(),
    search: z
      .strictObject({
        collection: z.string(),
        fields: z.array(z.string()).min(1),
        url: fn(EXPECTED.search),
        result: fn(EXPECTED.search).optional(),
      })
      .optional(),
    images: z
      .strictObject({
        widths: z.array(z.number().int().positive()).min(1).optional(),
        sizes: z.string().trim().min(1).optional(),
      })
      .optional(),
    socialImages: z
      .strictObject({
        card: fn(EXPECTED.socialImages),
        fonts: z
          .array(
            z.strictObject({
              file: z.string().min(1),
              name: z.string().min(1),
              weight: z.union(WEIGHTS.map((w) => z.literal(w))).optional(),
              style: z.enum(['normal', 'italic']).optional(),
            }),
          )
          .min(1),
      })
      .optional(),
    followSymlinks: z.boolean({ error: EXPECTED.followSymlinks }).optional(),
    allowedHosts: z.union([z.literal(true), z.array(z.string().min(1), { error: EXPECTED.allowedHosts })], { error: EXPECTED.allowedHosts }).optional(),
    i18n: i18nSchema.optional(),
    plugins: z
      .array(
        z.looseObject({
          name: z.string({ error: EXPECTED['plugins.name'] }).min(1, { error: EXPECTED['plugins.name'] }),
          config: fn(EXPECTED['plugins.hook']).optional(),
          routes: fn(EXPECTED['plugins.hook']).optional(),
          files: fn(EXPECTED['plugins.hook']).optional(),
          jsonLd: fn(EXPECTED['plugins.hook']).optional(),
          jsonLdRules: z.record(z.string(), fn(EXPECTED['plugins.jsonLdRules']), { error: EXPECTED['plugins.jsonLdRules'] }).optional(),
          checks: z.record(z.string(), fn(EXPECTED['plugins.checks']), { error: EXPECTED['plugins.checks'] }).optional(),
          buildDone: fn(EXPECTED['plugins.hook']).optional(),
          devStart: fn(EXPECTED['plugins.hook']).optional(),
        }),
        { error: EXPECTED.plugins },
      )
      .optional(),
  },
  { error: EXPECTED['export default'] },
).check((ctx) => {
  // The search reads a list collection of this config.
  const { search, collections } = ctx.value;
  if (search && collections[search.collection]?.kind !== 'list') {
    ctx.issues.push({ code: 'custom', input: search.collection, path: ['search', 'collection'], message: notAList(search.collection, collections) });
  }
  checkI18n(ctx.value, (input, path, message) => ctx.issues.push({ code: 'custom', input, path, message }));
});

/** What `search.collection` takes, said with the name it was given and the nearest list collection's. */
export function notAList(name: string, collections: Record<string, { kind: string }>): string {
  const lists = Object.keys(collections).filter((key) => collections[key]!.kind === 'list');
  const near = nearestName(name, lists);
  const known = lists.length ? `its list collections: ${lists.join(', ')}` : 'it has none: collection.list(dir, schema) makes one';
  return `is "${name}", which is not a list collection of this config${near ? `: did you mean "${near}"?` : ''} (${known})`;
}

/** The i18n block's references: its default locale is one of its locales, and the collections it names are lists. */
function checkI18n(
  { i18n, collections }: { i18n?: z.infer<typeof i18nSchema>; collections: Record<string, { kind: string }> },
  issue: (input: unknown, path: PropertyKey[], message: string) => void,
): void {
  if (!i18n) return;
  if (!Object.hasOwn(i18n.locales, i18n.defaultLocale)) issue(i18n.defaultLocale, ['i18n', 'defaultLocale'], EXPECTED['i18n.defaultLocale']);
  if (i18n.strings !== undefined && collections[i18n.strings]?.kind !== 'list') issue(i18n.strings, ['i18n', 'strings'], EXPECTED['i18n.collection']);
  (i18n.collections ?? []).forEach((name, i) => {
    if (collections[name]?.kind !== 'list') issue(name, ['i18n', 'collections', i], EXPECTED['i18n.collection']);
  });
}

/** The keys an object of the schema at `path` takes, for the did-you-mean of an unknown one. */
export function knownKeys(path: readonly PropertyKey[], value: unknown): string[] {
  let schema: z.ZodType = siteConfigSchema;
  let at: unknown = value;
  for (const key of path) {
    schema = unwrap(schema);
    if (schema instanceof z.ZodObject) schema = schema.shape[key as string];
    else if (schema instanceof z.ZodRecord) schema = schema.valueType as z.ZodType;
    else if (schema instanceof z.ZodArray) schema = schema.element as z.ZodType;
    else return [];
    at = (at as Record<PropertyKey, unknown> | undefined)?.[key];
  }
  schema = unwrap(schema);
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const kind = (at as { kind?: unknown } | undefined)?.kind;
    for (const option of schema.options as z.ZodType[]) {
      if (option instanceof z.ZodObject && (option.shape.kind as z.ZodLiteral).value === kind) return Object.keys(option.shape);
    }
  }
  if (schema instanceof z.ZodUnion) {
    for (const option of schema.options as z.ZodType[]) if (unwrap(option) instanceof z.ZodObject) return Object.keys((unwrap(option) as z.ZodObject).shape);
  }
  return [];
}

const unwrap = (schema: z.ZodType): z.ZodType => (schema instanceof z.ZodOptional ? unwrap(schema.unwrap() as z.ZodType) : schema);
