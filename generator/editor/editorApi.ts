/**
 * The editor's JSON API, under its token path: the site (forms, entries, languages, components), one
 * entry, a check (the build's own validation of the text a save would write, every invalid field in an
 * author's words), save, create, delete, a body's preview, images and the media library, publishing
 * and history. Every path from a request is resolved inside the content folder (contentFile.ts), and
 * every answer to bad input is a 4xx carrying a message (apiAnswer.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { answerError, ok, refuse, refusePath, type ApiAnswer } from './apiAnswer.ts';
import { contentFile } from './contentFile.ts';
import type { ApiRequest, EditorContext } from './editorContext.ts';
import { check, create, patched, readDoc, remove, save } from './entryRoutes.ts';
import { changes, history, publishChosen, version } from './gitRoutes.ts';
import { deleteImage, media, serveImage, upload } from './imageRoutes.ts';
import { jsonInput } from './jsonInput.ts';
import { formatOf, newEntryText } from './newEntryText.ts';
import { splitMarkdownEntry } from './splitMarkdownEntry.ts';
import { SiteError } from '../core/errors.ts';

export type { ApiRequest, EditorContext } from './editorContext.ts';
export type { ApiAnswer } from './apiAnswer.ts';

/** The text the entry would have with the form's data and body: the file patched, or a new file's. */
function textOf(file: string, rel: string, input: Record<string, unknown>): { text: string } | ApiAnswer {
  const body = typeof input.body === 'string' ? input.body : null;
  if (existsSync(file)) return patched(file, rel, input.data, body);
  if (!input.data || typeof input.data !== 'object' || Array.isArray(input.data)) return refuse('EditorRequestInvalid', { reason: "the entry's data is not an object of fields" });
  try {
    return { text: newEntryText(formatOf(rel), input.data, body) };
  } catch (e) {
    return refuse('EditorEntryUnwritable', { file: rel, reason: (e as Error).message });
  }
}

function readEntry(ctx: EditorContext, query: URLSearchParams): ApiAnswer {
  const at = contentFile(ctx.contentDir, query.get('file'));
  if (!at.ok) return refusePath(query.get('file'), at);
  if (!existsSync(at.file)) return refuse('EditorEntryMissing', { file: at.rel });
  try {
    return ok(readDoc(at.file, at.rel));
  } catch (e) {
    return refuse('EditorEntryUnreadable', { file: at.rel, reason: (e as Error).message });
  }
}

async function checkText(ctx: EditorContext, input: Record<string, unknown>): Promise<ApiAnswer> {
  const at = contentFile(ctx.contentDir, input.file);
  if (!at.ok) return refusePath(input.file, at);
  const next = textOf(at.file, at.rel, input);
  if (!('text' in next)) return next;
  return ok(await check(ctx, at.rel, next.text));
}

/** The line of the file a markdown entry's body starts on. */
function bodyLine(text: string): number {
  const lf = text.replace(/\r\n/g, '\n');
  try {
    return lf.slice(0, lf.length - splitMarkdownEntry(lf).body.length).split('\n').length;
  } catch {
    return 1;
  }
}

/** The body rendered as the page's article has it, at its line in the file; a mistake in it is the build's error (422). */
async function preview(ctx: EditorContext, input: Record<string, unknown>): Promise<ApiAnswer> {
  const at = contentFile(ctx.contentDir, input.file);
  if (!at.ok) return refusePath(input.file, at);
  if (typeof input.body !== 'string') return refuse('EditorRequestInvalid', { reason: 'the body to preview is not text' });
  // Where the body starts: after the front matter the form's data gives, else the file's own.
  const next = input.data !== undefined ? textOf(at.file, at.rel, input) : existsSync(at.file) ? { text: readFileSync(at.file, 'utf8') } : null;
  const line = next && 'text' in next ? bodyLine(next.text) : 1;
  const answer = (await ctx.ask({ kind: 'markdown', file: at.rel, body: input.body, line })) as { html: string } | { error: { code: string } };
  return 'error' in answer ? { status: 422, json: answer } : ok(answer);
}

/** A data file's page: the first page that reads it (a list entry's own page is in the site's answer). */
async function pageOf(ctx: EditorContext, query: URLSearchParams): Promise<ApiAnswer> {
  const at = contentFile(ctx.contentDir, query.get('file'));
  if (!at.ok) return refusePath(query.get('file'), at);
  return ok({ page: await ctx.ask({ kind: 'page', file: at.rel }) });
}

type Handler = (ctx: EditorContext, req: ApiRequest, input: Record<string, unknown>) => ApiAnswer | Promise<ApiAnswer>;

const ROUTES: Record<string, Handler> = {
  'GET site': async (ctx) => ok(await ctx.ask({ kind: 'site' })),
  'GET entry': (ctx, req) => readEntry(ctx, req.query),
  'PUT entry': (ctx, _req, input) => save(ctx, input),
  'POST entry': (ctx, _req, input) => create(ctx, input),
  'DELETE entry': (ctx, req) => remove(ctx, req.query),
  'POST check': (ctx, _req, input) => checkText(ctx, input),
  'POST preview': (ctx, _req, input) => preview(ctx, input),
  'GET page': (ctx, req) => pageOf(ctx, req.query),
  'GET file': (ctx, req) => serveImage(ctx, req.query),
  'GET media': (ctx) => media(ctx),
  'DELETE media': (ctx, req) => deleteImage(ctx, req.query),
  'GET changes': (ctx) => changes(ctx),
  'POST publish': (ctx, _req, input) => publishChosen(ctx, input),
  'GET history': (ctx, req) => history(ctx, req.query),
  'GET version': (ctx, req) => version(ctx, req.query),
};

export async function editorApi(ctx: EditorContext, req: ApiRequest): Promise<ApiAnswer> {
  const { method, route } = req;
  if (route === 'image' && method === 'POST') return upload(ctx, req.query, req.body);
  const handler = ROUTES[`${method} ${route}`];
  if (!handler) return refuse('EditorRequestUnknown', { method: method.slice(0, 10), route: route.slice(0, 100) });
  let input: Record<string, unknown> = {};
  if (method === 'POST' || method === 'PUT') {
    const read = jsonInput(req.body);
    if ('refused' in read) return read.refused;
    input = read.input;
  }
  try {
    return await handler(ctx, req, input);
  } catch (e) {
    // A mistake of the site's own (a schema that throws) is told as the build tells it; anything else is a bug.
    if (e instanceof SiteError) return answerError(e);
    throw e;
  }
}
