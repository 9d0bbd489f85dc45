/**
 * The content edge: reads content/ from disk, parses JSON and front matter,
 * renders markdown and validates everything against schemas.ts. The only
 * content module that touches the file system.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import type { z } from 'zod';
import { SiteError } from '../errors.ts';
import { locateJsonPath } from './locateJsonPath.ts';
import { renderMarkdown, type MarkdownResult } from './markdown.ts';
import {
  BlogFrontMatter,
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
}
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
}

async function readText(dir: string, rel: string): Promise<string> {
  try {
    return await readFile(path.join(dir, rel), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new SiteError('ContentFileMissing', { file: rel });
    throw e;
  }
}

export async function loadJson<T>(dir: string, rel: string, schema: z.ZodType<T>): Promise<T> {
  const text = await readText(dir, rel);
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

/** Front matter + markdown body of one file, validated. */
export function parseMarkdownFile<T>(rel: string, source: string, schema: z.ZodType<T>): { data: T; body: string } {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // A fresh options object bypasses gray-matter's module-level cache.
    parsed = matter(source, {});
  } catch (e) {
    throw new SiteError('ContentFrontMatterMalformed', { file: rel, reason: (e as Error).message.split('\n')[0]! });
  }
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
  const raw: unknown = Array.isArray(parsed.data) ? parsed.data : { ...parsed.data };
  if (!Array.isArray(raw)) {
    for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
      const at = value instanceof Date ? fieldLine(key) : -1;
      if (at >= 0) (raw as Record<string, unknown>)[key] = fmLines[at]!.slice(key.length + 1).replace(/\s+#.*$/, '').trim();
    }
  }
  const data = validate(schema, raw, rel, locate);
  return { data, body: parsed.content };
}

export async function loadPost(dir: string, file: string): Promise<Post> {
  const rel = `blog/${file}`;
  const { data, body } = parseMarkdownFile(rel, await readText(dir, rel), BlogFrontMatter);
  return { ...data, ...renderMarkdown(body), slug: file.replace(/\.md$/, ''), file: rel };
}

export async function loadLegal(dir: string, name: LegalName): Promise<LegalDoc> {
  const rel = `legal/${name}.md`;
  const { data, body } = parseMarkdownFile(rel, await readText(dir, rel), LegalFrontMatter);
  return { ...data, ...renderMarkdown(body), name, file: rel };
}

export async function loadContent(dir: string): Promise<Content> {
  const names = Object.keys(pageSchemas) as PageName[];
  const postFiles = (await readdir(path.join(dir, 'blog')).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.md'))
    .sort();
  const bySlug = new Map<string, string[]>();
  for (const f of postFiles) {
    const slug = f.replace(/\.md$/, '').toLowerCase();
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), `blog/${f}`]);
  }
  for (const [slug, files] of bySlug) if (files.length > 1) throw new SiteError('ContentDuplicateSlug', { slug, files });

  const [site, widgets, pageList, posts, legalList] = await Promise.all([
    loadJson(dir, 'site.json', SiteConfig),
    loadJson(dir, 'widgets.json', WidgetCopy),
    Promise.all(names.map((n) => loadJson(dir, `pages/${n}.json`, pageSchemas[n]))),
    Promise.all(postFiles.map((f) => loadPost(dir, f))),
    Promise.all(legalNames.map((n) => loadLegal(dir, n))),
  ]);
  posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return {
    dir,
    site,
    widgets,
    pages: Object.fromEntries(names.map((n, i) => [n, pageList[i]])) as PageData,
    posts,
    legal: Object.fromEntries(legalNames.map((n, i) => [n, legalList[i]])) as Record<LegalName, LegalDoc>,
  };
}
