/**
 * The editor's JSON API, under its token path: the site (forms, entries), one entry (raw data, body,
 * version), a check (the build's own validation of the text a save would write), save, create, delete,
 * a body's preview, an image upload. Every path from a request is resolved inside the content folder
 * (contentFile.ts); a save whose version is not the file's is refused (409), an invalid one too (422).
 */
import { existsSync, mkdirSync, readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from '../core/contentHash.ts';
import { writeFileAtomic } from '../core/writeFileAtomic.ts';
import type { EditorAsk, WireError } from '../dev/workerProtocol.ts';
import { contentFile } from './contentFile.ts';
import type { EditorDoc, EditorSite } from './editorTypes.ts';
import { imageName } from './imageName.ts';
import { formatOf, newEntryText } from './newEntryText.ts';
import { patchEntryText } from './patchEntryText.ts';
import { readEntryText } from './readEntryText.ts';

export interface EditorContext {
  contentDir: string;
  /** The render worker's answer (once the changes before have been applied). */
  ask(ask: EditorAsk): Promise<unknown>;
}

export interface ApiRequest {
  method: string;
  route: string;
  query: URLSearchParams;
  body: Buffer;
}

/** JSON, or (`raw`) a file's bytes with their type. */
export type ApiAnswer = { status: number; json: unknown; raw?: { type: string; body: Buffer } };

const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif', '.gif': 'image/gif' };

const refuse = (status: number, message: string, extra: object = {}): ApiAnswer => ({ status, json: { error: { code: 'EditorRefused', title: 'Refused', message, hint: '' }, ...extra } });
const MAX_IMAGE = 20 * 1024 * 1024;

function json(body: Buffer): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(body.toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The entry's file as read: its raw data and body and its version. */
function readDoc(file: string, rel: string): EditorDoc {
  const bytes = readFileSync(file);
  const format = formatOf(rel);
  const { data, body } = readEntryText(bytes.toString('utf8'), format);
  return { file: rel, format, data, body, version: contentHash(bytes) };
}

/** The text a save would write: the file's text with only the changed fields' lines changed; or why it cannot be written. */
function patched(file: string, rel: string, data: unknown, body: unknown): { text: string } | ApiAnswer {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return refuse(422, 'the entry\'s data must be an object of fields');
  try {
    return { text: patchEntryText(readFileSync(file, 'utf8'), formatOf(rel), { data: data as Record<string, unknown>, ...(typeof body === 'string' ? { body } : {}) }) };
  } catch (e) {
    return refuse(422, `${rel} cannot be written: ${(e as Error).message}`);
  }
}

async function check(ctx: EditorContext, rel: string, text: string): Promise<WireError | null> {
  return (await ctx.ask({ kind: 'check', file: rel, text })) as WireError | null;
}

async function save(ctx: EditorContext, input: Record<string, unknown>): Promise<ApiAnswer> {
  const at = contentFile(ctx.contentDir, input.file);
  if (!at.ok) return refuse(at.status, at.reason);
  if (!existsSync(at.file)) return refuse(404, 'no such entry');
  const now = contentHash(readFileSync(at.file));
  if (input.version !== now) return refuse(409, 'The file changed on disk since it was opened: reload it (your edits are still in the form).', { version: now });
  const next = patched(at.file, at.rel, input.data, input.body);
  if (!('text' in next)) return next;
  const { text } = next;
  const error = await check(ctx, at.rel, text);
  if (error) return { status: 422, json: { error } };
  // Read, compared and written in one turn of the event loop: nothing else of this server writes between.
  if (contentHash(readFileSync(at.file)) !== now) return refuse(409, 'The file changed on disk while saving.', { version: contentHash(readFileSync(at.file)) });
  writeFileAtomic(at.file, text);
  return { status: 200, json: { version: contentHash(text) } };
}

async function create(ctx: EditorContext, input: Record<string, unknown>): Promise<ApiAnswer> {
  const site = (await ctx.ask({ kind: 'site' })) as EditorSite;
  const form = site.forms.find((f) => f.name === input.collection);
  if (!form || form.kind !== 'list' || !form.dir) return refuse(400, 'entries are made in list collections only');
  if (typeof input.slug !== 'string' || !/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/.test(input.slug)) return refuse(422, 'the file name must be lower case letters, digits, "-" and "_"');
  const format = form.format === 'json' || form.format === 'yaml' ? form.format : 'md';
  const rel = `${form.dir}/${input.slug}.${format}`;
  const at = contentFile(ctx.contentDir, rel);
  if (!at.ok) return refuse(at.status, at.reason);
  if (existsSync(at.file)) return refuse(409, `${rel} exists already`);
  const text = newEntryText(format, input.data, typeof input.body === 'string' ? input.body : null);
  const error = await check(ctx, rel, text);
  if (error) return { status: 422, json: { error } };
  mkdirSync(path.dirname(at.file), { recursive: true });
  writeFileAtomic(at.file, text);
  return { status: 201, json: { file: rel, version: contentHash(text) } };
}

async function remove(ctx: EditorContext, query: URLSearchParams): Promise<ApiAnswer> {
  const at = contentFile(ctx.contentDir, query.get('file'));
  if (!at.ok) return refuse(at.status, at.reason);
  const site = (await ctx.ask({ kind: 'site' })) as EditorSite;
  const form = site.forms.find((f) => f.kind === 'list' && f.dir && at.rel.startsWith(`${f.dir}/`));
  if (!form) return refuse(403, 'only entries of list collections are deleted');
  if (!existsSync(at.file)) return refuse(404, 'no such entry');
  if (contentHash(readFileSync(at.file)) !== query.get('version')) return refuse(409, 'The file changed on disk since it was opened.');
  unlinkSync(at.file);
  return { status: 200, json: {} };
}

/** An image stored beside the entry (`<entry dir>/images/<name>`), named by `./images/<name>` from it. */
function upload(ctx: EditorContext, query: URLSearchParams, body: Buffer): ApiAnswer {
  if (!query.get('alt')?.trim()) return refuse(422, 'An image needs its alt text: what it shows, for those who cannot see it.', { field: 'alt' });
  const name = imageName(query.get('name'));
  if (!name) return refuse(422, 'An image is a .png, .jpg, .webp, .avif or .gif file.');
  const entry = contentFile(ctx.contentDir, query.get('entry'));
  if (!entry.ok) return refuse(entry.status, entry.reason);
  const rel = path.posix.join(path.posix.dirname(entry.rel), 'images', name);
  const at = contentFile(ctx.contentDir, rel);
  if (!at.ok) return refuse(at.status, at.reason);
  if (body.length === 0 || body.length > MAX_IMAGE) return refuse(413, 'The image is empty or too large.');
  mkdirSync(path.dirname(at.file), { recursive: true });
  writeFileAtomic(at.file, body);
  return { status: 201, json: { src: `./images/${name}`, file: rel } };
}

export async function editorApi(ctx: EditorContext, req: ApiRequest): Promise<ApiAnswer> {
  const { method, route, query } = req;
  if (route === 'image' && method === 'POST') return upload(ctx, query, req.body);
  const input = method === 'GET' || method === 'DELETE' ? {} : json(req.body);
  if (!input) return refuse(400, 'the request body is not a JSON object');
  if (route === 'site' && method === 'GET') return { status: 200, json: await ctx.ask({ kind: 'site' }) };
  if (route === 'entry' && method === 'GET') {
    const at = contentFile(ctx.contentDir, query.get('file'));
    if (!at.ok) return refuse(at.status, at.reason);
    return existsSync(at.file) ? { status: 200, json: readDoc(at.file, at.rel) } : refuse(404, 'no such entry');
  }
  if (route === 'file' && method === 'GET') {
    // A content image, for the body's preview (only images: no other file of the folder is served).
    const at = contentFile(ctx.contentDir, query.get('file'));
    if (!at.ok) return refuse(at.status, at.reason);
    const type = IMAGE_TYPES[path.extname(at.rel).toLowerCase()];
    if (!type || !existsSync(at.file)) return refuse(404, 'no such image');
    return { status: 200, json: null, raw: { type, body: readFileSync(at.file) } };
  }
  if (route === 'entry' && method === 'PUT') return save(ctx, input);
  if (route === 'entry' && method === 'POST') return create(ctx, input);
  if (route === 'entry' && method === 'DELETE') return remove(ctx, query);
  if (route === 'check' && method === 'POST') {
    const at = contentFile(ctx.contentDir, input.file);
    if (!at.ok) return refuse(at.status, at.reason);
    const next = existsSync(at.file) ? patched(at.file, at.rel, input.data, input.body) : { text: newEntryText(formatOf(at.rel), input.data, typeof input.body === 'string' ? input.body : null) };
    if (!('text' in next)) return { status: 200, json: next.json };
    return { status: 200, json: { error: await check(ctx, at.rel, next.text) } };
  }
  if (route === 'preview' && method === 'POST') {
    const at = contentFile(ctx.contentDir, input.file);
    if (!at.ok) return refuse(at.status, at.reason);
    return { status: 200, json: { html: await ctx.ask({ kind: 'markdown', file: at.rel, body: String(input.body ?? '') }) } };
  }
  return refuse(404, 'no such request');
}
