/**
 * A content file's text checked as a build reads it, in the render worker (which holds the site's
 * schemas and markdown renderer): the build's own parsers give the first error with its file, line and
 * hint (what the terminal shows), and the schema's check of the fields as written gives every invalid
 * field at once in an author's words (fieldProblems.ts). A body's preview is the site's own markdown,
 * rendered at the body's line in the file, so a directive's mistake names the line a build names.
 */
import type { z } from 'zod';
import { parseEntryMeta, parseJson, parseMarkdownFile } from '../content/load.ts';
import type { RenderMarkdown } from '../content/markdown.ts';
import { parseYamlData } from '../content/parseYamlData.ts';
import { isSiteError, SiteError } from '../core/errors.ts';
import type { WireError } from '../dev/workerProtocol.ts';
import type { Collection, ListCollection } from '../site/defineConfig.ts';
import { wireOf } from './apiAnswer.ts';
import type { EditorCheck } from './editorTypes.ts';
import { fieldProblems } from './fieldProblems.ts';
import { formatOf } from './newEntryText.ts';
import { readEntryText } from './readEntryText.ts';

const under = (dir: string, rel: string) => rel.startsWith(`${dir}/`);

/** The collection `rel` belongs to and the schema its file follows; null for none. */
export function schemaOf(collections: Record<string, Collection>, rel: string): { collection: Collection; schema: z.ZodType } | null {
  for (const c of Object.values(collections)) {
    if (c.kind === 'file' && c.file === rel) return { collection: c, schema: c.schema };
    if (c.kind === 'record' && under(c.dir, rel)) {
      const schema = c.schemas[rel.slice(c.dir.length + 1).replace(/\.(json|md)$/, '')];
      if (schema) return { collection: c, schema };
    }
    if (c.kind === 'list' && under(c.dir, rel)) return { collection: c, schema: c.schema };
  }
  return null;
}

/** The build's reading of `text` as `rel`: its body's text and line (markdown), or the build's error thrown. */
function buildRead(collection: Collection, schema: z.ZodType, rel: string, text: string): { text: string; line: number } | null {
  if (collection.kind === 'list') {
    const list = collection as ListCollection;
    if (/\.ya?ml$/.test(rel)) parseYamlData(rel, text, list.schema);
    const parsed = parseEntryMeta(list, rel.slice(list.dir.length + 1), text);
    return rel.endsWith('.md') ? { text: parsed.body, line: parsed.bodyLine } : null;
  }
  if (rel.endsWith('.json')) {
    parseJson(rel, text, schema);
    return null;
  }
  if (collection.kind === 'file' && /\.ya?ml$/.test(rel)) {
    parseYamlData(rel, text, schema);
    return null;
  }
  const parsed = parseMarkdownFile(rel, text, schema);
  return { text: parsed.body, line: parsed.bodyLine };
}

const asWire = (e: unknown): WireError => {
  if (!isSiteError(e)) throw e;
  return wireOf(e);
};

/** `rel`'s text as a build would read it: the build's first error (null when valid) and every invalid field. */
export function editorCheck(collections: Record<string, Collection>, render: RenderMarkdown, rel: string, text: string): EditorCheck {
  const found = schemaOf(collections, rel);
  if (!found) return { error: wireOf(new SiteError('EditorUnknownFile', { file: rel })), problems: [] };
  let error: WireError | null = null;
  try {
    const body = buildRead(found.collection, found.schema, rel, text);
    // The body too: its links, images and components are checked as a build checks them.
    if (body) render(body.text, { file: rel, line: body.line });
  } catch (e) {
    error = asWire(e);
  }
  let problems: EditorCheck['problems'] = [];
  try {
    problems = fieldProblems(found.schema, readEntryText(text, formatOf(rel)).data);
  } catch {
    // Text no parser reads (malformed YAML or JSON): the build's error says where.
  }
  return { error, problems };
}

/** A markdown body as the page's article has it, its first line at `line` of the file; or the build's error. */
export function editorMarkdown(render: RenderMarkdown, rel: string, body: string, line: number): { html: string } | { error: WireError } {
  try {
    return { html: render(body, { file: rel, line }).html };
  } catch (e) {
    return { error: asWire(e) };
  }
}
