/**
 * The editor's entry requests: read (raw data, body, version), save by version (409 with the file as it
 * is on disk when it changed since; 422 with every invalid field), create (a new entry or a translation
 * of one, its fields in the schema's order), delete (with the images nothing else shows).
 */
import { existsSync, mkdirSync, readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { contentHash } from '../core/contentHash.ts';
import { writeFileAtomic } from '../core/writeFileAtomic.ts';
import { ok, refuse, refusePath, type ApiAnswer } from './apiAnswer.ts';
import { contentFile } from './contentFile.ts';
import type { EditorContext } from './editorContext.ts';
import type { EditorCheck, EditorDoc, EditorSite } from './editorTypes.ts';
import { imageRefs } from './imageRefs.ts';
import { imageUsers } from './mediaLibrary.ts';
import { formatOf, newEntryText } from './newEntryText.ts';
import { patchEntryText } from './patchEntryText.ts';
import { readEntryText } from './readEntryText.ts';

/** The entry's file as read: its raw data and body and its version. */
export function readDoc(file: string, rel: string): EditorDoc {
  const bytes = readFileSync(file);
  const format = formatOf(rel);
  const { data, body } = readEntryText(bytes.toString('utf8'), format);
  return { file: rel, format, data, body, version: contentHash(bytes) };
}

/** The text a save would write: the file's text with only the changed fields' lines changed; or why it cannot be written. */
export function patched(file: string, rel: string, data: unknown, body: unknown): { text: string } | ApiAnswer {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return refuse('EditorRequestInvalid', { reason: "the entry's data is not an object of fields" });
  try {
    return { text: patchEntryText(readFileSync(file, 'utf8'), formatOf(rel), { data: data as Record<string, unknown>, ...(typeof body === 'string' ? { body } : {}) }) };
  } catch (e) {
    return refuse('EditorEntryUnwritable', { file: rel, reason: (e as Error).message });
  }
}

export const check = async (ctx: EditorContext, rel: string, text: string) => (await ctx.ask({ kind: 'check', file: rel, text })) as EditorCheck;

/** A refused save or create: the build's error (told to the terminal with its file and line) and every invalid field. */
function invalid(ctx: EditorContext, result: EditorCheck): ApiAnswer {
  const e = result.error!;
  ctx.log?.(`Editor: not saved: ${e.message}`);
  return { status: 422, json: result };
}

export async function save(ctx: EditorContext, input: Record<string, unknown>): Promise<ApiAnswer> {
  const at = contentFile(ctx.contentDir, input.file);
  if (!at.ok) return refusePath(input.file, at);
  if (!existsSync(at.file)) return refuse('EditorEntryMissing', { file: at.rel });
  const now = contentHash(readFileSync(at.file));
  const conflict = () => refuse('EditorEntryChanged', { file: at.rel }, { disk: readDoc(at.file, at.rel) });
  if (input.version !== now) return conflict();
  const next = patched(at.file, at.rel, input.data, input.body);
  if (!('text' in next)) return next;
  const result = await check(ctx, at.rel, next.text);
  if (result.error) return invalid(ctx, result);
  // Read, compared and written in one turn of the event loop: nothing else of this server writes between.
  if (contentHash(readFileSync(at.file)) !== now) return conflict();
  writeFileAtomic(at.file, next.text);
  return ok({ version: contentHash(next.text) });
}

/** `data` with its keys in the form's order (the schema's, as the site's files have them), the others after. */
function inFormOrder(data: Record<string, unknown>, fields: readonly { name: string }[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f.name in data) out[f.name] = data[f.name];
  for (const [k, v] of Object.entries(data)) if (!(k in out)) out[k] = v;
  return out;
}

const SLUG = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/;

/** The new entry's file name without its extension: the slug, with the locale's suffix for a translation. */
function entryName(site: EditorSite, collection: string, slug: unknown, locale: unknown): { name: string } | ApiAnswer {
  const codes = site.i18n?.locales.map((l) => l.code) ?? [];
  const translated = site.i18n?.translated.includes(collection) ?? false;
  if (typeof slug !== 'string' || slug.length > 200) return refuse('EditorFileNameInvalid', { name: String(slug ?? '').slice(0, 200) }, { field: 'slug' });
  // "trail-notes.de": the slug and a locale's suffix, as a translation's file is named.
  const dot = slug.lastIndexOf('.');
  const [stem, suffix] = dot > 0 && translated ? [slug.slice(0, dot), slug.slice(dot + 1)] : [slug, undefined];
  const wanted = locale ?? suffix;
  if (!SLUG.test(stem)) return refuse('EditorFileNameInvalid', { name: slug }, { field: 'slug' });
  if (wanted === undefined) return { name: stem };
  if (typeof wanted !== 'string' || !translated || !codes.includes(wanted)) return refuse('EditorLocaleUnknown', { locale: String(wanted).slice(0, 40), known: codes }, { field: 'slug' });
  return { name: wanted === site.i18n!.defaultLocale ? stem : `${stem}.${wanted}` };
}

export async function create(ctx: EditorContext, input: Record<string, unknown>): Promise<ApiAnswer> {
  const site = (await ctx.ask({ kind: 'site' })) as EditorSite;
  const form = site.forms.find((f) => f.name === input.collection);
  // A strings file is one of the site's languages, which site.config.ts declares.
  if (!form || form.kind !== 'list' || !form.dir || form.name === site.i18n?.strings) return refuse('EditorNotAList', { collection: String(input.collection ?? '').slice(0, 100) });
  const named = entryName(site, form.name, input.slug, input.locale);
  if (!('name' in named)) return named;
  if (!input.data || typeof input.data !== 'object' || Array.isArray(input.data)) return refuse('EditorRequestInvalid', { reason: "the entry's data is not an object of fields" });
  const format = form.format === 'json' || form.format === 'yaml' ? form.format : 'md';
  const rel = `${form.dir}/${named.name}.${format}`;
  const at = contentFile(ctx.contentDir, rel);
  if (!at.ok) return refusePath(rel, at);
  if (existsSync(at.file)) return refuse('EditorEntryExists', { file: rel }, { field: 'slug' });
  const data = inFormOrder(input.data as Record<string, unknown>, Array.isArray(form.fields) ? form.fields : []);
  let text: string;
  try {
    text = newEntryText(format, data, typeof input.body === 'string' ? input.body : null);
  } catch (e) {
    return refuse('EditorEntryUnwritable', { file: rel, reason: (e as Error).message });
  }
  const result = await check(ctx, rel, text);
  if (result.error) return invalid(ctx, result);
  mkdirSync(path.dirname(at.file), { recursive: true });
  writeFileAtomic(at.file, text);
  return ok({ file: rel, version: contentHash(text) }, 201);
}

export async function remove(ctx: EditorContext, query: URLSearchParams): Promise<ApiAnswer> {
  const at = contentFile(ctx.contentDir, query.get('file'));
  if (!at.ok) return refusePath(query.get('file'), at);
  const site = (await ctx.ask({ kind: 'site' })) as EditorSite;
  const form = site.forms.find((f) => f.kind === 'list' && f.dir && at.rel.startsWith(`${f.dir}/`) && f.name !== site.i18n?.strings);
  if (!form) return refuse('EditorNotAList', { collection: site.forms.find((f) => f.file === at.rel || (f.dir && at.rel.startsWith(`${f.dir}/`)))?.name ?? at.rel }, {}, 403);
  if (!existsSync(at.file)) return refuse('EditorEntryMissing', { file: at.rel });
  const text = readFileSync(at.file, 'utf8');
  if (contentHash(text) !== query.get('version')) return refuse('EditorEntryChanged', { file: at.rel }, { disk: readDoc(at.file, at.rel) });
  unlinkSync(at.file);
  // Its images go with it, unless another entry shows them too.
  const users = imageUsers(ctx.contentDir);
  const removed: string[] = [];
  for (const image of imageRefs(at.rel, text)) {
    const img = contentFile(ctx.contentDir, image);
    if (!img.ok || users.has(image) || !existsSync(img.file)) continue;
    unlinkSync(img.file);
    removed.push(image);
  }
  return ok({ removed });
}
