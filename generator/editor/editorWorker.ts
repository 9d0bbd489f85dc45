/**
 * What the editor asks of the render worker, which holds the site's schemas and markdown renderer: the
 * collections' forms and entries, a file's text checked by the build's own parsers (the same message and
 * hint a build prints), and a markdown body rendered by the site's pipeline.
 */
import type { RenderMarkdown } from '../content/markdown.ts';
import { parseEntryMeta, parseJson, parseMarkdownFile } from '../content/load.ts';
import { parseYamlData } from '../content/parseYamlData.ts';
import type { Collection, ListCollection, Route } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import type { WireError } from '../dev/workerProtocol.ts';
import { isSiteError } from '../core/errors.ts';
import { collectionForms, type FileFormat } from './collectionForms.ts';
import { formatOf } from './newEntryText.ts';
import type { EditorEntry, EditorSite } from './editorTypes.ts';

type Marked = { file?: string; slug?: string; title?: unknown; draft?: boolean; scheduled?: string };

/** The forms, and every entry with its page, draft and scheduled markers (the plan `site dev` shows). */
export function editorSite(site: AnySite, collections: Record<string, unknown>, routes: readonly Route[]): EditorSite {
  const pageOf = new Map(routes.filter((r) => r.entry).map((r) => [(r.entry as { file: string }).file, r.path]));
  const entries: EditorEntry[] = [];
  for (const [name, c] of Object.entries(site.collections as Record<string, Collection>)) {
    const value = collections[name];
    if (c.kind === 'file') entries.push({ collection: name, file: c.file, name: c.file });
    else if (c.kind === 'record') {
      const ext = c.format === 'json' ? 'json' : 'md';
      for (const key of Object.keys(c.schemas)) entries.push({ collection: name, file: `${c.dir}/${key}.${ext}`, name: key });
    } else
      for (const e of (Array.isArray(value) ? value : []) as Marked[]) {
        if (!e.file) continue;
        const page = pageOf.get(e.file);
        entries.push({
          collection: name,
          file: e.file,
          name: typeof e.title === 'string' ? e.title : (e.slug ?? e.file),
          ...(e.draft ? { draft: true } : {}),
          ...(e.scheduled ? { scheduled: e.scheduled } : {}),
          ...(page ? { page } : {}),
        });
      }
  }
  // A list's format, by the files it holds (a new entry is made in it; markdown when it holds none).
  const formats: Record<string, FileFormat> = {};
  for (const e of entries) {
    const f = formatOf(e.file);
    formats[e.collection] = formats[e.collection] && formats[e.collection] !== f ? 'mixed' : f;
  }
  return { forms: collectionForms(site.collections, formats), entries };
}

const under = (dir: string, rel: string) => rel.startsWith(`${dir}/`);

/** `rel`'s text as a build would read it: null when valid, else the build's error. */
export function editorCheck(site: AnySite, render: RenderMarkdown, rel: string, text: string): WireError | null {
  try {
    let body: { text: string; line: number } | null = null;
    for (const c of Object.values(site.collections as Record<string, Collection>)) {
      if (c.kind === 'file' && c.file === rel) {
        if (rel.endsWith('.json')) parseJson(rel, text, c.schema);
        else if (/\.ya?ml$/.test(rel)) parseYamlData(rel, text, c.schema);
        else body = bodyOf(parseMarkdownFile(rel, text, c.schema));
      } else if (c.kind === 'record' && under(c.dir, rel)) {
        const schema = c.schemas[rel.slice(c.dir.length + 1).replace(/\.(json|md)$/, '')];
        if (!schema) continue;
        if (c.format === 'json') parseJson(rel, text, schema);
        else body = bodyOf(parseMarkdownFile(rel, text, schema));
      } else if (c.kind === 'list' && under(c.dir, rel)) {
        const list = c as ListCollection;
        if (/\.ya?ml$/.test(rel)) parseYamlData(rel, text, list.schema);
        const parsed = parseEntryMeta(list, rel.slice(c.dir.length + 1), text);
        if (rel.endsWith('.md')) body = { text: parsed.body, line: parsed.bodyLine };
      } else continue;
      // The body too: its links and images are checked as a build checks them.
      if (body) render(body.text, { file: rel, line: body.line });
      return null;
    }
    return { code: 'EditorUnknownFile', title: 'Not a content file', message: `${rel} belongs to no collection.`, hint: 'Open it from the editor\'s list.' };
  } catch (e) {
    if (!isSiteError(e)) throw e;
    return { code: e.code, title: e.title, message: e.message, hint: e.hint, file: e.location.file, line: e.location.line, field: e.location.field };
  }
}

const bodyOf = (p: { body: string; bodyLine: number }) => ({ text: p.body, line: p.bodyLine });

/** A markdown body as the page's article has it. */
export function editorMarkdown(render: RenderMarkdown, rel: string, body: string): string {
  return render(body, { file: rel, line: 1 }).html;
}
