/**
 * What a site tells the engine, in one typed file at its root (site.config.ts):
 * its collections, its route table, its templates, the head data, structured
 * data and extra files of its pages, its CSP additions and markdown options.
 * The engine calls these; it names no page, field or table of its own.
 * `defineConfig` only checks the shape and gives the site its types back.
 */
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type { Thing, WithContext } from 'schema-dts';
import type { z } from 'zod';
import type { MarkdownOptions } from '../content/markdownRenderer.ts';
import type { MarkdownResult } from '../content/markdown.ts';
import type { JsBudgets } from '../assets/jsBudget.ts';
import type { ImageOptions, ImageRef, ResponsiveImage } from '../images/imageTypes.ts';
import type { SitePlugin } from '../plugins/definePlugin.ts';

/** One step of a page's breadcrumb trail. */
export interface Crumb {
  name: string;
  path: string;
}

/** A list entry without its body: its front matter and where it lives (what routes, lists and feeds need). */
export type EntryMeta<T = Record<never, never>> = T & {
  /** The file name without .md: what its URL is usually made of. */
  slug: string;
  /** The file, relative to the content folder (blog/x.md). */
  file: string;
  /** Content hash of the file's text: what the build cache keys its pages by. */
  hash: string;
  /** Set by the engine on a draft shown anyway (`site dev`, `site build --drafts`): templates mark it. */
  draft?: boolean;
  /** Set by the engine on an entry dated after the build, shown anyway (`site dev`, `--future`): its date. */
  scheduled?: string;
  /** Set by the engine: the images the entry names (image() fields, its markdown's images), when any. */
  imageRefs?: ImageRef[];
  /** Set by the engine on a site with `i18n`: the locale of the entry (from its file name, `post.de.md`). */
  locale?: string;
  /** Set by the engine on a fallback entry (`i18n.fallback: 'page'`): the locale whose text it shows. */
  fallback?: string;
};

/** A markdown file of a list collection: its front matter, where it lives, and its rendered body. */
export type Entry<T = Record<never, never>> = EntryMeta<T> & MarkdownResult;

/** A markdown file of a record collection or a single markdown file: front matter, body, name and file. */
export type Doc<T = Record<never, never>> = T & MarkdownResult & { name: string; file: string };

/**
 * One page of the route table. A site's routes extend it with what their templates need (related
 * entries, which document a page shows): the build cache hashes the whole route, so anything a page
 * shows must be in its route or read through useSite().
 */
export interface Route<E = Entry<any>> {
  /** Clean URL path: "/", "/blog/x". */
  path: string;
  /** Output file relative to the output folder (fileForPath(path), or 404.html). */
  file: string;
  /** Key of `templates` in the site's config. */
  template: string;
  title: string;
  description: string;
  /** In the sitemap and open to search engines (otherwise noindex). */
  indexable: boolean;
  breadcrumbs: Crumb[];
  /** yyyy-MM-dd of the newest content this page shows, when known (the sitemap's lastmod). */
  lastmod?: string;
  ogType: 'website' | 'article';
  /** Open Graph article properties. */
  article?: { publishedTime: string; section?: string };
  /** The list-collection entry this page renders: its body is rendered right before the page. */
  entry?: E;
  /** Old paths of this page ("/old-post"): each answers with a 301 to it (`_redirects`, a redirect page). */
  aliases?: string[];
  /**
   * This page's own social image: the data of its card (the config's `socialImages.card`), made into a
   * 1200x630 PNG at build time. Without it the page has the site's default image (`meta().socialImage`).
   */
  socialImage?: SocialCardData;
  /** On a site with `i18n`: the page's locale (default: its entry's, else its path's prefix, else the default locale). */
  locale?: string;
  /** On a site with `i18n`: what links a page to its translations (default: the entry's `translationKey` field, else its path without the locale prefix). */
  translationKey?: string;
  /** Set by the engine on a site with `i18n`: the page's translations, this page included (hreflang, sitemap, switcher). */
  alternates?: Alternate[];
  /** Set by the engine on a fallback page: the path of the original its canonical names. */
  canonical?: string;
}

/** One translation of a page: what hreflang links and a language switcher need. */
export interface Alternate {
  /** The locale's code in `i18n.locales`. */
  locale: string;
  /** Its language tag (hreflang, lang). */
  lang: string;
  label: string;
  path: string;
  /** The page itself. */
  current: boolean;
  /** The default locale's page: what hreflang "x-default" names. */
  xDefault: boolean;
  /** Open to search engines: only these are hreflang alternates (a fallback page, a preview are not). */
  indexable: boolean;
}

/** One locale of a multilingual site. */
export interface LocaleOptions {
  /** BCP 47 language tag: `<html lang>`, hreflang, og:locale ("de", "en-GB", "ar"). */
  lang: string;
  /** Writing direction: `<html dir>`. Default "ltr". */
  dir?: 'ltr' | 'rtl';
  /** Its name in its own language, for a language switcher ("Deutsch"). */
  label: string;
  /** This locale's feed, linked from its pages instead of `meta().feed`. */
  feed?: { title: string; path: string };
}

/** A site in several languages (docs/i18n.md). */
export interface I18nOptions {
  /** Locale code -> its language, direction and label; the code is the path prefix and the file suffix (`post.de.md`). */
  locales: Record<string, LocaleOptions>;
  /** The code of the locale entries without a suffix are in, and `x-default` names. */
  defaultLocale: string;
  /** Whether the default locale's paths carry its prefix too (`/en/...`). Default false. */
  prefixDefault?: boolean;
  /** The list collection of UI strings: one YAML file per locale, named by its code (`strings/de.yaml`). */
  strings?: string;
  /** The list collections written per locale. Default: every list collection but `strings`. */
  collections?: string[];
  /**
   * An entry missing in a locale: 'error' fails the build naming entry and locale; 'page' gives that locale
   * a fallback entry (`fallback` set: noindex, canonical to the original, no hreflang to it).
   */
  fallback: 'error' | 'page';
}

/** What a template knows of its page's locale (`useSite().locale`, on a site with `i18n`). */
export interface PageLocale {
  code: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  label: string;
  /** The page's translations, itself included (for a language switcher). */
  alternates: Alternate[];
  /** The UI string `key` of this locale (StringMissing when its file lacks it). */
  t: (key: string) => string;
  /** A date (yyyy-MM-dd, ISO date-time or Date) in this locale's words (Intl.DateTimeFormat; UTC). */
  formatDate: (date: string | Date, options?: Intl.DateTimeFormatOptions) => string;
  /** A number in this locale's digits and separators (Intl.NumberFormat). */
  formatNumber: (n: number, options?: Intl.NumberFormatOptions) => string;
}

/** What a social card shows: a title, and whatever else the site's card reads (a category above it, a date). */
export interface SocialCardData {
  title: string;
  /** A short line above the title (a category, a section). */
  eyebrow?: string;
  [field: string]: string | number | boolean | undefined;
}

/** A font the cards are drawn with: a .woff, .ttf or .otf file inside templates/ (woff2 is not read). */
export interface SocialFont {
  /** Relative to the site's root: "templates/fonts/inter-latin-700-normal.woff". */
  file: string;
  /** The font-family name the card's styles use. */
  name: string;
  weight?: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;
  style?: 'normal' | 'italic';
}

/**
 * Social images (generator/social/): a PNG per route that has `socialImage`, drawn with satori from the
 * element tree `card` returns (flexbox and inline styles only, no stylesheet: satori's subset of CSS).
 */
export interface SocialImagesOptions {
  /** The card of one page: a pure function of its data and the site's meta, returning satori-compatible elements. */
  card: (data: SocialCardData, meta: SiteMeta) => ReactElement;
  /** At least one font; the card's fontFamily names them. */
  fonts: SocialFont[];
}

export interface FileCollection<S extends z.ZodType = z.ZodType, F extends string = string> {
  kind: 'file';
  /** Relative to the content folder: .json, .yaml or .yml (the data), or .md (front matter and body). */
  file: F;
  schema: S;
}

export interface RecordCollection<M extends Record<string, z.ZodType> = Record<string, z.ZodType>> {
  kind: 'record';
  dir: string;
  format: 'json' | 'markdown';
  /** One schema per entry name: each names a required file `<dir>/<name>.json|md`. */
  schemas: M;
}

export interface ListCollection<S extends z.ZodType = z.ZodType> {
  kind: 'list';
  /**
   * Every entry file in this folder (relative to the content folder): markdown (.md: front matter and
   * body), or data (.json, .yaml, .yml: the data, no body); one kind per list.
   */
  dir: string;
  /** Entries in subfolders too, at any depth: their slug is their path ("guides/install"). */
  nested?: boolean;
  schema: S;
  /** The list's order (default: by slug). Ties are broken by slug. */
  sort?: (a: EntryMeta<z.infer<S>>, b: EntryMeta<z.infer<S>>) => number;
  /**
   * Which entries are drafts: a boolean field of the front matter, or a function; by default the schema's
   * `draft` field when it has one; `false`: none. A build leaves drafts out (no page, no listing, feed or
   * sitemap line) unless `--drafts` (then noindex, out of sitemap and feed); `site dev` shows them.
   */
  draft?: false | FieldOf<z.infer<S>> | ((entry: EntryMeta<z.infer<S>>) => boolean | undefined);
  /**
   * An entry's publication date: a front-matter field or a function giving yyyy-MM-dd, an ISO date-time
   * or a Date; by default the schema's `date` field when it has one; `false`: none. A build leaves an entry
   * dated after its own moment (UTC) out until then, unless `--future` (then noindex, out of sitemap and feed).
   */
  date?: false | FieldOf<z.infer<S>> | ((entry: EntryMeta<z.infer<S>>) => string | Date | undefined);
}

/** The names of an object type's fields. */
type FieldOf<T> = T extends object ? Extract<keyof T, string> : string;

export type Collection = FileCollection | RecordCollection | ListCollection;

/** The content a collection gives templates and routes. */
export type CollectionValue<C> =
  C extends FileCollection<infer S>
    ? C['file'] extends `${string}.md`
      ? Doc<z.infer<S>>
      : z.infer<S>
    : C extends RecordCollection<infer M>
      ? { [K in keyof M]: C['format'] extends 'markdown' ? Doc<z.infer<M[K]>> : z.infer<M[K]> }
      : C extends ListCollection<infer S>
        ? Entry<z.infer<S>>[]
        : never;

export type ContentOf<C extends Record<string, Collection>> = { [K in keyof C]: CollectionValue<C[K]> };

/** What every template may read besides its route (useSite()). */
export interface RenderContext<Content = Record<string, unknown>, R extends Route = Route> {
  content: Content;
  routes: R[];
  siteUrl: string;
  /** Hashed URL of a file in templates/static/. */
  asset: (name: string) => string;
  /**
   * The variants the build made of a content image (a path relative to the content folder, as an image()
   * field holds it): what <Image> shows. Throws ImageNotFound for an image no content file names.
   */
  image?: (src: string) => ResponsiveImage;
  /** On a site with `i18n`: the page's locale, its translations and strings (not inside <Shared>). */
  locale?: PageLocale;
}

/** Site-wide head data, derived from the content once per build. */
export interface SiteMeta {
  name: string;
  /** Absolute http(s) URL (overridden by --site-url). */
  url: string;
  /** The html lang attribute. */
  language: string;
  /** og:locale. Default: from `language` (en-GB -> en_GB, en -> en_US: generator/seo/ogLocale.ts). */
  locale?: string;
  /** File names in templates/static/ (a site without them has no og:image and no icon link). */
  socialImage?: string;
  favicon?: string;
  /** The feed <link rel="alternate"> every page carries, if the site has one. */
  feed?: { title: string; path: string };
}

/** What the jsonLd and files hooks get. */
export interface PageTools<Content> {
  content: Content;
  siteUrl: string;
  /** Absolute URL of a site path or a hashed asset URL. */
  url: (pathOrAsset: string) => string;
  /** Hashed URL of a file in templates/static/. */
  asset: (name: string) => string;
  /** The root-relative URL of this page's own social image (its route's `socialImage`), when one is made. */
  socialImage?: string;
}

/**
 * A search index over one list collection (generator/search/), written as static files the browser
 * queries without a server (`searchIndex()` from 'skerry/search' in an island).
 */
export interface SearchOptions<E = EntryMeta<any>> {
  /** Name of a list collection in `collections`. */
  collection: string;
  /** What is searched: front matter fields (strings or lists of strings), and "body" for the rendered text. */
  fields: string[];
  /** An entry's page: what a result links to. An entry whose URL is no page of the route table (a draft) is not searched. */
  url: (entry: E) => string;
  /** What a result shows. Default: the entry's `title` (else its slug) and `description` fields. */
  result?: (entry: E) => { title: string; description?: string };
}

/** CSP sources the site adds to the engine's policy, per directive ("script-src": [...]). */
export type CspAdditions = Partial<Record<string, string[]>>;

export interface SiteDefinition<
  C extends Record<string, Collection> = Record<string, Collection>,
  R extends Route = Route,
  Content = ContentOf<C>,
> {
  collections: C;
  meta: (content: Content) => SiteMeta;
  /** The route table: every page the site has, from its validated content. Pure. */
  routes: (content: Content) => R[];
  /** Page components by template name; each receives its route. */
  templates: Record<string, ComponentType<{ route: R }>>;
  /** Wraps every page's template (navigation, footer). */
  layout?: ComponentType<{ route: R; children: ReactNode }>;
  /** Structured data of a page (schema-dts types; the build checks what search engines require). */
  jsonLd?: (route: R, tools: PageTools<Content>) => WithContext<Thing>[];
  /** Files besides the pages, sitemap.xml and robots.txt (a feed, llms.txt): output file -> text. */
  files?: (routes: R[], tools: PageTools<Content>) => Record<string, string>;
  /** Origins the pages may load from besides their own and the backend's. */
  csp?: (content: Content) => CspAdditions;
  markdown?: MarkdownOptions;
  /**
   * JavaScript budgets per page (gzip bytes): defaults in generator/assets/jsBudget.ts; `pageBytes`: the
   * most HTML one page may have (default 150 KB, generator/checks/checkPageWeight.ts).
   */
  budgets?: Partial<JsBudgets> & { pageBytes?: number };
  /** Old path -> route path (or https:// URL), each a 301: `_redirects` plus a redirect page at the old path. */
  redirects?: Record<string, string>;
  /**
   * Packages the browser bundle takes from the site's own files instead: package name -> file
   * relative to the site root. For inert stand-ins of library parts no island calls (less JavaScript).
   */
  widgetAliases?: Record<string, string>;
  /** A search index over a list collection's entries (off without it). */
  search?: SearchOptions;
  /** Content images (docs/media.md): the widths made of each, and the sizes attribute of those without their own. */
  images?: ImageOptions;
  /** A social image per route that asks for one (`socialImage` in its route); off without it. */
  socialImages?: SocialImagesOptions;
  /**
   * Content files and folders (articles, images) that are symbolic links to places outside the site's
   * folder: read and published when true; a ContentLinkOutside error otherwise (the default), so nothing
   * from elsewhere on the machine is published by mistake. Links that stay inside the site always work.
   */
  followSymlinks?: boolean;
  /** A site in several languages: locales, strings, fallbacks (docs/i18n.md); off without it. */
  i18n?: I18nOptions;
  /**
   * Host names `site dev` and `site preview` answer besides IP addresses, `localhost`, names under
   * `.localhost` and their `--host`, as Vite's `server.allowedHosts`: a name, or `.example.com` for it and
   * every name under it; `true` answers any Host, which lets any web site read the dev server through a
   * name it points at this machine (DNS rebinding). Any other Host gets 403. The build ignores it.
   */
  allowedHosts?: string[] | true;
  /** Plugins (definePlugin): hooks that add routes, files, structured data and its rules, checks, and steps after a build. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  plugins?: SitePlugin<any, any>[];
}

/** Identity, typed: `export default defineConfig({...})` in site.config.ts. */
export function defineConfig<C extends Record<string, Collection>, R extends Route = Route>(
  definition: SiteDefinition<C, R>,
): SiteDefinition<C, R> {
  return definition;
}

export const collection = {
  /** One JSON, YAML or markdown file; a markdown file's value has its body (`html`, `headings`, `words`) too. */
  file: <S extends z.ZodType, F extends string>(file: F, schema: S): FileCollection<S, F> => ({ kind: 'file', file, schema }),
  /** A folder of named JSON or markdown files, each with its own schema. */
  record: <M extends Record<string, z.ZodType>, F extends 'json' | 'markdown'>(dir: string, format: F, schemas: M) =>
    ({ kind: 'record', dir, format, schemas }) as RecordCollection<M> & { format: F },
  /** Every markdown file of a folder, validated by one schema: articles, posts, docs. */
  list: <S extends z.ZodType>(dir: string, schema: S, options: Omit<ListCollection<S>, 'kind' | 'dir' | 'schema'> = {}): ListCollection<S> => ({
    kind: 'list',
    dir,
    schema,
    ...options,
  }),
};
