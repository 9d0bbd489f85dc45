/**
 * The content edge: reads content/ from disk, parses JSON and front matter,
 * renders markdown and validates everything against schemas.ts. The only
 * content module that touches the file system.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import matter from 'gray-matter';
import { SiteError } from '../errors.ts';
import { locateJsonPath } from './locateJsonPath.ts';
import { renderMarkdown, type MarkdownResult } from './markdown.ts';
import {
  BlogFrontMatter,
  LegalFrontMatter,
  SiteConfig,
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

export async function loadJson<S extends (typeof pageSchemas)[PageName] | typeof SiteConfig>(
  dir: string,
  rel: string,
  schema: S,
) {
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
export function parseMarkdownFile<S extends typeof BlogFrontMatter | typeof LegalFrontMatter>(
  rel: string,
  source: string,
  schema: S,
) {
  let parsed: matter.GrayMatterFile<string>;
  try {
    // A fresh options object bypasses gray-matter's module-level cache.
    parsed = matter(source, {});
  } catch (e) {
    throw new SiteError('ContentFrontMatterMalformed', { file: rel, reason: (e as Error).message.split('\n')[0]! });
  }
  const fmLines = source.split('\n');
  const locate = (p: readonly PropertyKey[]) => {
    const key = String(p[0] ?? '');
    const at = fmLines.findIndex((l, i) => i > 0 && l.startsWith(`${key}:`));
    return at >= 0 ? at + 1 : 1;
  };
  const data = validate(schema, parsed.data, rel, locate);
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

  const [site, pageList, posts, legalList] = await Promise.all([
    loadJson(dir, 'site.json', SiteConfig),
    Promise.all(names.map((n) => loadJson(dir, `pages/${n}.json`, pageSchemas[n]))),
    Promise.all(postFiles.map((f) => loadPost(dir, f))),
    Promise.all(legalNames.map((n) => loadLegal(dir, n))),
  ]);
  posts.sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug));
  return {
    dir,
    site,
    pages: Object.fromEntries(names.map((n, i) => [n, pageList[i]])) as PageData,
    posts,
    legal: Object.fromEntries(legalNames.map((n, i) => [n, legalList[i]])) as Record<LegalName, LegalDoc>,
  };
}
