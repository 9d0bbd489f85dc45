/**
 * The content edge: reads content/ from disk, parses JSON and front matter,
 * renders markdown and validates everything against schemas.ts. The only
 * content module that touches the file system.
 */
import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { contentHash } from '../cache/contentHash.ts';
import type { z } from 'zod';
import { SiteError } from '../errors.ts';
import { locateJsonPath } from './locateJsonPath.ts';
import { renderMarkdown, type MarkdownResult } from './markdown.ts';
import { splitFrontMatter, type FrontMatter } from './splitFrontMatter.ts';
import {
  BlogFrontMatter,
  validBlogFrontMatter,
  LegalFrontMatter,
  SiteConfig,
  WidgetCopy,
  pageSchemas,
  type PageData,
  type PageName,
} from './schemas.ts';
import { validate } from './validate.ts';

export interface Post extends BlogFrontMatter, MarkdownResult {
  slug: string;
  file: string;
  /** Content hash of the source file: what the build cache keys this article's pages by. */
  hash: string;
}
/** An article without its body: what the route table, lists and feeds need (front matter, slug, file, hash). */
export type PostMeta = Omit<Post, keyof MarkdownResult>;

/** The body fields of an article not rendered (yet): what a build's article list carries. */
export const emptyBody = (): MarkdownResult => ({ html: '', headings: [], words: 0 });

/** A PostMeta where a Post is expected: the body fields are empty until a shard renders the article. */
export const withoutBody = (meta: PostMeta): Post => ({ ...meta, ...emptyBody() });

/** An article's metadata: the rendered body left out (its source hash stands for it). */
export const metaOf = ({ html: _h, headings: _s, words: _w, ...meta }: Post): PostMeta => meta;
export interface LegalDoc extends LegalFrontMatter, MarkdownResult {
  name: LegalName;
  file: string;
}
export const legalNames = ['privacy', 'terms'] as const;
export type LegalName = (typeof legalNames)[number];

export interface Content {
  dir: string;
  site: SiteConfig;
  /** Labels of the interactive widgets (content/widgets.json). */
  widgets: WidgetCopy;
  pages: PageData;
  /** Newest first. */
  posts: Post[];
  legal: Record<LegalName, LegalDoc>;
  /** Content hash of every file read except articles (which carry their own): site.json, pages/x.json, legal/x.md. */
  hashes: Record<string, string>;
}

/** Everything but the articles: a handful of files, always read and validated afresh. */
export type SiteContent = Omit<Content, 'posts'>;

async function readText(dir: string, rel: string): Promise<string> {
  try {
    return await readFile(path.join(dir, rel), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new SiteError('ContentFileMissing', { file: rel });
    throw e;
  }
}

export async function loadJson<T>(dir: string, rel: string, schema: z.ZodType<T>): Promise<T> {
  return parseJson(rel, await readText(dir, rel), schema);
}

/** One JSON content file's text, parsed and validated; errors name the line. Pure. */
export function parseJson<T>(rel: string, text: string, schema: z.ZodType<T>): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const reason = (e as Error).message.replace(/^JSON\.parse: /, '');
    const pos = /position (\d+)/.exec(reason);
    const line = pos ? text.slice(0, Number(pos[1])).split('\n').length : undefined;
    throw new SiteError('ContentJsonMalformed', { file: rel, line, reason: reason.replace(/ in JSON at position \d+.*$/, '') });
  }
  return validate(schema, data, rel, (p) => locateJsonPath(text, p));
}

/**
 * Front matter + markdown body of one file, validated. `valid`: the schema's result without zod for
 * front matter that is valid as written (validBlogFrontMatter), undefined otherwise.
 */
export function parseMarkdownFile<T>(rel: string, source: string, schema: z.ZodType<T>, valid?: (data: unknown) => T | undefined): { data: T; body: string } {
  let parsed: FrontMatter;
  try {
    parsed = splitFrontMatter(source);
  } catch (e) {
    throw new SiteError('ContentFrontMatterMalformed', { file: rel, reason: (e as Error).message.split('\n')[0]! });
  }
  const fast = valid?.(parsed.data);
  if (fast) return { data: fast, body: parsed.body };
  // parsed.matter is the raw YAML; it starts with the newline after the opening "---",
  // so its line i is line i + 1 of the file. Search only there, never in the body.
  const fmLines = parsed.matter.split('\n');
  const fieldLine = (key: string) => fmLines.findIndex((l) => l.startsWith(`${key}:`));
  const locate = (p: readonly PropertyKey[]) => {
    const at = fieldLine(String(p[0] ?? ''));
    return at >= 0 ? at + 1 : 1;
  };
  // YAML turns an unquoted 2025-02-30 into a Date of March 2 (and a date-time into a
  // shifted day); validate the text the author wrote instead.
  const raw: unknown = Array.isArray(parsed.data) ? parsed.data : { ...(parsed.data as object) };
  if (!Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      const at = value instanceof Date ? fieldLine(key) : -1;
      if (at >= 0) (raw as Record<string, unknown>)[key] = fmLines[at]!.slice(key.length + 1).replace(/\s+#.*$/, '').trim();
    }
  }
  const data = validate(schema, raw, rel, locate);
  return { data, body: parsed.body };
}

/** One article's front matter, validated, and its markdown body (not rendered yet). Pure. */
export function parsePostMeta(file: string, source: string, hash = contentHash(source)): { meta: PostMeta; body: string } {
  const rel = `blog/${file}`;
  const { data, body } = parseMarkdownFile(rel, source, BlogFrontMatter, validBlogFrontMatter);
  return { meta: { ...data, slug: file.replace(/\.md$/, ''), file: rel, hash }, body };
}

/** One article (blog/<file>) from its source text: front matter validated, body rendered. Pure. */
export function parsePost(file: string, source: string, hash = contentHash(source)): Post {
  const { meta, body } = parsePostMeta(file, source, hash);
  return { ...meta, ...renderMarkdown(body) };
}

export async function loadPost(dir: string, file: string): Promise<Post> {
  return parsePost(file, await readText(dir, `blog/${file}`));
}

async function readLegal(dir: string, name: LegalName, inTurn: InTurn): Promise<{ doc: LegalDoc; hash: string }> {
  const rel = `legal/${name}.md`;
  const text = await readText(dir, rel);
  return inTurn(() => {
    const { data, body } = parseMarkdownFile(rel, text, LegalFrontMatter);
    return { doc: { ...data, ...renderMarkdown(body), name, file: rel }, hash: contentHash(text) };
  });
}

type InTurn = <T>(step: () => T) => Promise<T>;

/**
 * Runs steps one at a time, each after a turn of the event loop. The site's files are read together and
 * their parsing (tens of milliseconds in all, schemas compiling on first use) would otherwise run in one
 * go; in a build, the workers' replies and their next batches of articles go out between two steps.
 */
function takingTurns(): InTurn {
  let last: Promise<unknown> = Promise.resolve();
  return (step) => {
    const next = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(step);
    last = next.catch(() => {});
    return next;
  };
}

/**
 * The article files in blog/, sorted; two files may not share a slug (case-insensitively). Synchronous
 * (a few milliseconds for thousands of files): a build hands out articles to read the moment it has the
 * list, not once other tasks' callbacks have run.
 */
export function listPostFiles(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(path.join(dir, 'blog'));
  } catch {
    names = [];
  }
  const postFiles = names.filter((f) => f.endsWith('.md')).sort();
  const bySlug = new Map<string, string[]>();
  for (const f of postFiles) {
    const slug = f.replace(/\.md$/, '').toLowerCase();
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), `blog/${f}`]);
  }
  for (const [slug, files] of bySlug) if (files.length > 1) throw new SiteError('ContentDuplicateSlug', { slug, files });
  return postFiles;
}

/** The files loadSiteContent reads, relative to the content folder (the keys of its `hashes`). */
export const siteFiles = (): string[] => [
  'site.json',
  'widgets.json',
  ...(Object.keys(pageSchemas) as PageName[]).map((n) => `pages/${n}.json`),
  ...legalNames.map((n) => `legal/${n}.md`),
];

/** site.json, widgets.json, pages/*.json and legal/*.md, validated, with their content hashes. */
export async function loadSiteContent(dir: string): Promise<SiteContent> {
  const names = Object.keys(pageSchemas) as PageName[];
  const hashes: Record<string, string> = {};
  const inTurn = takingTurns();
  const json = async <T>(rel: string, schema: z.ZodType<T>): Promise<T> => {
    const text = await readText(dir, rel);
    hashes[rel] = contentHash(text);
    return inTurn(() => parseJson(rel, text, schema));
  };
  const [site, widgets, pageList, legalList] = await Promise.all([
    json('site.json', SiteConfig),
    json('widgets.json', WidgetCopy),
    Promise.all(names.map((n) => json(`pages/${n}.json`, pageSchemas[n]))),
    Promise.all(legalNames.map((n) => readLegal(dir, n, inTurn))),
  ]);
  for (const { doc, hash } of legalList) hashes[doc.file] = hash;
  return {
    dir,
    site,
    widgets,
    pages: Object.fromEntries(names.map((n, i) => [n, pageList[i]])) as PageData,
    legal: Object.fromEntries(legalNames.map((n, i) => [n, legalList[i]!.doc])) as Record<LegalName, LegalDoc>,
    hashes: Object.fromEntries(Object.entries(hashes).sort(([a], [b]) => a.localeCompare(b))),
  };
}

/** Newest first; ties by slug, so the order never depends on how the files were read. */
export const sortPosts = <P extends Pick<Post, 'date' | 'slug'>>(posts: P[]): P[] =>
  posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));

/** All content in one process (site dev, tests). `site build` runs the same steps through the cache and the shards. */
export async function loadContent(dir: string): Promise<Content> {
  const files = listPostFiles(dir);
  const [base, posts] = await Promise.all([loadSiteContent(dir), Promise.all(files.map((f) => loadPost(dir, f)))]);
  return { ...base, posts: sortPosts(posts) };
}
