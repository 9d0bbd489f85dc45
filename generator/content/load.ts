/**
 * The content edge: reads the site's collections from the content folder,
 * parses JSON and front matter, renders markdown and validates everything
 * against the collections' schemas (site.config.ts). With contentLinks.ts (which
 * resolves symbolic links), the only content module that touches the file
 * system; the parsing functions are pure.
 */
import { readdirSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { contentHash } from '../core/contentHash.ts';
import { SiteError } from '../core/errors.ts';
import { contentOnly, linkChecker, type LinkChecker, type LinkPolicy } from '../core/contentLinks.ts';
import type { Collection, Entry, EntryMeta, ListCollection } from '../site/defineConfig.ts';
import { locateJsonPath } from './locateJsonPath.ts';
import { imageRefsIn } from '../images/markdownImages.ts';
import { withImageFields } from '../images/imageField.ts';
import type { ImageRef } from '../images/imageTypes.ts';
import { emptyBody, type MarkdownResult, type RenderMarkdown } from './markdown.ts';
import { parseYamlData } from './parseYamlData.ts';
import { splitFrontMatter, type FrontMatter } from './splitFrontMatter.ts';
import { validate } from './validate.ts';

export { emptyBody };

/** The content of a site as the engine holds it. */
export interface ContentSnapshot {
  /** The content folder. */
  dir: string;
  /** Collection name -> what templates see: a file's value, a record of values, or a list of entries. */
  collections: Record<string, unknown>;
  /** Content hash of every file of a file or record collection (list entries carry their own). */
  hashes: Record<string, string>;
  /** The images each file of a file or record collection names (list entries carry their own `imageRefs`). */
  images?: Record<string, ImageRef[]>;
}

export type Collections = Record<string, Collection>;
type Render = RenderMarkdown;

/** A list entry where an Entry is expected: the body fields are empty until a shard renders it. */
export const withoutBody = <T extends EntryMeta>(meta: T): Entry => ({ ...meta, ...emptyBody() }) as unknown as Entry;

/** An entry's metadata: the rendered body left out (its source hash stands for it). */
export const metaOf = ({ html: _h, headings: _s, words: _w, ...meta }: Entry): EntryMeta => meta;

/** Whether a markdown body may hold an image (most hold none: they are not rendered early to find out). */
const mayHoldImages = (body: string) => body.includes('![');

/** The images a file names: its image() fields', then its body's (each source once). */
const mergeRefs = (fields: ImageRef[], body: ImageRef[]): ImageRef[] => [...fields, ...body.filter((b) => !fields.some((f) => f.src === b.src))];

async function readText(dir: string, rel: string): Promise<string> {
  try {
    return await readFile(path.join(dir, rel), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new SiteError('ContentFileMissing', { file: rel });
    throw e;
  }
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

/** Front matter + markdown body of one file, validated. */
export function parseMarkdownFile<S extends z.ZodType>(
  rel: string,
  source: string,
  schema: S,
): { data: z.output<S>; body: string; bodyLine: number } {
  let parsed: FrontMatter;
  try {
    parsed = splitFrontMatter(source);
  } catch (e) {
    throw new SiteError('ContentFrontMatterMalformed', { file: rel, reason: (e as Error).message.split('\n')[0]! });
  }
  // The file's line of the body's first line (the body is the end of the file's text).
  const bodyLine = source.slice(0, source.length - parsed.body.length).split('\n').length;
  // parsed.matter is the raw YAML; it starts with the newline after the opening "---",
  // so its line i is line i + 1 of the file. Search only there, never in the body.
  const fmLines = parsed.matter.split('\n');
  const fieldLine = (key: string) => fmLines.findIndex((l) => l.startsWith(`${key}:`));
  const locate = (p: readonly PropertyKey[]) => {
    const at = fieldLine(String(p[0] ?? ''));
    return at >= 0 ? at + 1 : 1;
  };
  const data = validate(schema, parsed.data, rel, locate) as z.output<S>;
  return { data, body: parsed.body, bodyLine };
}

/** The files a list collection reads: markdown (front matter and body) or data (.json, .yaml, .yml: no body). */
const ENTRY_FILE = /\.(md|json|ya?ml)$/;
const isEntryFile = (name: string) => ENTRY_FILE.test(name);
/** An entry's slug: its file (relative to its list's folder) without the extension. */
export const slugOf = (file: string) => file.replace(ENTRY_FILE, '');
/** Whether an entry file is data (no body). */
const isDataFile = (file: string) => !file.endsWith('.md');

/** One list entry's fields, validated, and its markdown body ("" for a data file, which has none). */
function parseEntryFields(list: ListCollection, rel: string, source: string): { data: unknown; body: string; bodyLine: number } {
  if (rel.endsWith('.json')) return { data: parseJson(rel, source, list.schema), body: '', bodyLine: 1 };
  if (isDataFile(rel)) return { data: parseYamlData(rel, source, list.schema), body: '', bodyLine: 1 };
  return parseMarkdownFile(rel, source, list.schema);
}

/**
 * One list entry's front matter (or data), validated, and its markdown body (not rendered yet). With `render`, a
 * body that may hold images is rendered now (`rendered`), for the images it names (`imageRefs`, kept
 * with the metadata: a build that takes the entry from the cache knows them). Pure.
 */
export function parseEntryMeta(
  list: ListCollection,
  file: string,
  source: string,
  hash = contentHash(source),
  render?: Render,
): { meta: EntryMeta; body: string; bodyLine: number; rendered?: MarkdownResult } {
  const rel = `${list.dir}/${file}`;
  const { value: parsed, images } = withImageFields(rel, source, () => parseEntryFields(list, rel, source));
  const { data, body, bodyLine } = parsed;
  const meta: EntryMeta = { ...(data as object), slug: slugOf(file), file: rel, hash };
  const rendered = render && mayHoldImages(body) ? render(body, { file: rel, line: bodyLine }) : undefined;
  const refs = mergeRefs(images, rendered ? imageRefsIn(rendered.html) : []);
  if (refs.length) meta.imageRefs = refs;
  return { meta, body, bodyLine, ...(rendered ? { rendered } : {}) };
}

/** An entry's markdown body and where it starts in its file, for rendering it (`at`). */
export function entryBody(list: ListCollection, file: string, source: string): { body: string; at: { file: string; line: number } } {
  const rel = `${list.dir}/${file}`;
  const { body, bodyLine } = parseEntryFields(list, rel, source);
  return { body, at: { file: rel, line: bodyLine } };
}

/** One list entry from its source text: front matter validated, body rendered. Pure. */
export function parseEntry(list: ListCollection, file: string, source: string, render: Render, hash = contentHash(source)): Entry {
  const { meta, body, bodyLine, rendered } = parseEntryMeta(list, file, source, hash, render);
  return { ...meta, ...(rendered ?? render(body, { file: meta.file, line: bodyLine })) } as Entry;
}

export async function loadEntry(contentDir: string, list: ListCollection, file: string, render: Render): Promise<Entry> {
  return parseEntry(list, file, await readText(contentDir, `${list.dir}/${file}`), render);
}

/**
 * The entry files of a list collection, sorted; two files may not share a slug (case-insensitively), a
 * folder without any is an error (ContentListEmpty: a list that would be empty in silence), and so is one
 * that mixes markdown and data files (ContentListMixed: one schema cannot take both a body and none).
 * Synchronous (a few milliseconds for thousands of files): a build hands out entries to read the moment
 * it has the list, not once other tasks' callbacks have run. A symbolic link (an entry, or a folder of a
 * nested list, which is walked too) must resolve inside the site unless the policy follows links
 * (contentLinks.ts); only links are resolved.
 */
export function listEntryFiles(contentDir: string, dir: string, nested = false, links: LinkPolicy = contentOnly(contentDir)): string[] {
  const full = path.join(contentDir, dir);
  const check = linkChecker(links);
  let names: string[];
  let others: string[] = [];
  try {
    check.folder(full);
    names = entryFiles(full, nested, check);
    if (names.length === 0) others = readdirSync(full).filter((n) => !n.startsWith('.')).sort();
  } catch (e) {
    if (e instanceof SiteError) throw e;
    names = [];
  }
  const files = names.filter(isEntryFile).sort();
  if (files.length === 0) throw new SiteError('ContentListEmpty', { dir, others });
  const markdown = files.find((f) => !isDataFile(f));
  const data = files.find(isDataFile);
  if (markdown && data) throw new SiteError('ContentListMixed', { dir, markdown: `${dir}/${markdown}`, data: `${dir}/${data}` });
  const bySlug = new Map<string, string[]>();
  for (const f of files) {
    const slug = slugOf(f).toLowerCase();
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), `${dir}/${f}`]);
  }
  for (const [slug, list] of bySlug) if (list.length > 1) throw new SiteError('ContentDuplicateSlug', { slug, files: list });
  return files;
}

/** The entry files under `full` (relative, with "/"), in its subfolders too when `nested`, links checked and followed. */
function entryFiles(full: string, nested: boolean, check: LinkChecker): string[] {
  const files: string[] = [];
  const walked = new Set([realpathSync(full)]);
  const walk = (folder: string, prefix: string) => {
    for (const e of readdirSync(folder, { recursive: nested, withFileTypes: true })) {
      const file = e.isFile();
      if (!(file && isEntryFile(e.name)) && !e.isSymbolicLink()) continue;
      const rel = prefix + (e.parentPath === folder ? e.name : path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
      if (file) {
        files.push(rel);
        continue;
      }
      // A link: what it leads to decides whether it is read at all (a dangling one is not).
      const abs = path.join(e.parentPath, e.name);
      const target = statSync(abs, { throwIfNoEntry: false });
      if (target?.isFile() && isEntryFile(rel)) {
        check.link(abs);
        files.push(rel);
      } else if (target?.isDirectory() && nested) {
        check.link(abs);
        const real = realpathSync(abs);
        // A link back to a folder already walked (its own parent) is not walked again.
        if (!walked.has(real)) {
          walked.add(real);
          walk(abs, `${rel}/`);
        }
      }
    }
  };
  walk(full, '');
  return files;
}

/** In the collection's order; ties by slug, so the order never depends on how the files were read. */
export const sortEntries = <E extends EntryMeta>(list: ListCollection, entries: E[]): E[] => {
  const by = list.sort as ((a: E, b: E) => number) | undefined;
  return entries.sort((a, b) => (by ? by(a, b) : 0) || a.slug.localeCompare(b.slug));
};

/** The list collection an entry's file (relative to the content folder) belongs to: the one with the longest matching folder. */
export const listOf = (lists: ListCollection[], file: string): ListCollection | undefined =>
  lists
    .filter((l) => file.startsWith(`${l.dir}/`) && (l.nested || !file.slice(l.dir.length + 1).includes('/')))
    .sort((a, b) => b.dir.length - a.dir.length)[0];

/** The list collections of a site, by name. */
export const listCollections = (collections: Collections): [string, ListCollection][] =>
  Object.entries(collections).filter((e): e is [string, ListCollection] => e[1].kind === 'list');

const extOf = (format: 'json' | 'markdown') => (format === 'json' ? 'json' : 'md');

/** The files the file and record collections read, relative to the content folder (the keys of `hashes`). */
export const fixedFiles = (collections: Collections): string[] =>
  Object.values(collections).flatMap((c) =>
    c.kind === 'file' ? [c.file] : c.kind === 'record' ? Object.keys(c.schemas).map((n) => `${c.dir}/${n}.${extOf(c.format)}`) : [],
  );

/** One file of a file or record collection: JSON or YAML validated, or markdown validated and rendered; and the images it names. */
function parseFixed(rel: string, text: string, schema: z.ZodType, render: Render, name: string): { value: unknown; images: ImageRef[] } {
  if (rel.endsWith('.json')) return withImageFields(rel, text, () => parseJson(rel, text, schema));
  if (/\.ya?ml$/.test(rel)) return withImageFields(rel, text, () => parseYamlData(rel, text, schema));
  const { value, images } = withImageFields(rel, text, () => parseMarkdownFile(rel, text, schema));
  const { data, body, bodyLine } = value;
  const md = render(body, { file: rel, line: bodyLine });
  return { value: { ...(data as object), ...md, name, file: rel }, images: mergeRefs(images, imageRefsIn(md.html)) };
}

/**
 * Runs steps one at a time, each after a turn of the event loop. The site's files are read together and
 * their parsing (tens of milliseconds in all, schemas compiling on first use) would otherwise run in one
 * go; in a build, the workers' replies and their next batches of entries go out between two steps.
 */
function takingTurns(): <T>(step: () => T) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (step) => {
    const next = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(step);
    last = next.catch(() => {});
    return next;
  };
}

/**
 * Every file and record collection, validated, with the files' content hashes; list collections are left
 * out. A file that is a link, or lies in a folder that resolves elsewhere, must stay inside the site (`links`).
 */
export async function loadFixedContent(dir: string, collections: Collections, render: Render, links: LinkPolicy = contentOnly(dir)): Promise<ContentSnapshot> {
  const hashes: Record<string, string> = {};
  const images: Record<string, ImageRef[]> = {};
  const inTurn = takingTurns();
  const check = linkChecker(links);
  const one = async (rel: string, schema: z.ZodType, name: string) => {
    check.file(path.join(dir, rel));
    const text = await readText(dir, rel);
    hashes[rel] = contentHash(text);
    return inTurn(() => {
      const parsed = parseFixed(rel, text, schema, render, name);
      if (parsed.images.length) images[rel] = parsed.images;
      return parsed.value;
    });
  };
  const values = await Promise.all(
    Object.entries(collections).map(async ([name, c]): Promise<[string, unknown] | null> => {
      if (c.kind === 'file') return [name, await one(c.file, c.schema, path.basename(c.file).replace(/\.[^.]+$/, ''))];
      if (c.kind === 'list') return null;
      const names = Object.keys(c.schemas);
      const docs = await Promise.all(names.map((n) => one(`${c.dir}/${n}.${extOf(c.format)}`, c.schemas[n]!, n)));
      return [name, Object.fromEntries(names.map((n, i) => [n, docs[i]]))];
    }),
  );
  return {
    dir,
    collections: Object.fromEntries(values.filter((v) => v !== null)),
    hashes: Object.fromEntries(Object.entries(hashes).sort(([a], [b]) => a.localeCompare(b))),
    ...(Object.keys(images).length ? { images: Object.fromEntries(Object.entries(images).sort(([a], [b]) => a.localeCompare(b))) } : {}),
  };
}

/** All content in one process, bodies rendered (site dev, tests). `site build` reads lists through the cache and the shards. */
export async function loadContent(dir: string, collections: Collections, render: Render, links: LinkPolicy = contentOnly(dir)): Promise<ContentSnapshot> {
  const lists = listCollections(collections);
  // async: a folder listing that throws (two files, one slug) rejects its own promise, none left unhandled.
  const settled = await Promise.allSettled([
    ...lists.map(async ([, list]) => Promise.all(listEntryFiles(dir, list.dir, list.nested, links).map((f) => loadEntry(dir, list, f, render)))),
    loadFixedContent(dir, collections, render, links),
  ]);
  const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  // An empty list says least: a folder of nothing is what a missing site.json's folder shows too.
  if (failed.length) throw failed.find((e) => !(e instanceof SiteError && e.code === 'ContentListEmpty')) ?? failed[0];
  const values = settled.map((s) => (s as PromiseFulfilledResult<unknown>).value);
  const fixed = values.pop() as ContentSnapshot;
  const entries = values as Entry[][];
  lists.forEach(([name, list], i) => (fixed.collections[name] = sortEntries(list, entries[i]!)));
  return fixed;
}
