/**
 * The editor's image requests: an upload stored beside its entry (`<entry folder>/images/<name>`) once
 * its alt text is given and its bytes are an image of the type its name says (uploadedImage.ts); a
 * content image served for the previews; the media library (every content image and who shows it);
 * and an image deleted when no entry shows it.
 */
import { existsSync, mkdirSync, readFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../core/writeFileAtomic.ts';
import { answerError, ok, refuse, refusePath, type ApiAnswer } from './apiAnswer.ts';
import { contentFile } from './contentFile.ts';
import type { EditorContext } from './editorContext.ts';
import { IMAGE_FILE } from './imageRefs.ts';
import { imageName } from './imageName.ts';
import { imageUsers, mediaLibrary } from './mediaLibrary.ts';
import { uploadedImageError } from './uploadedImage.ts';

/** Served for the previews (SVG never: the editor's origin would run what it carries). */
const IMAGE_TYPES: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.avif': 'image/avif', '.gif': 'image/gif' };
export const MAX_IMAGE = 20 * 1024 * 1024;

/** A free name beside `rel` for these bytes: the name itself, unless another image holds it (then name-2, name-3, ...). */
function freeName(contentDir: string, dir: string, name: string, bytes: Buffer): string {
  const dot = name.lastIndexOf('.');
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? name : `${name.slice(0, dot)}-${n}${name.slice(dot)}`;
    const at = path.join(contentDir, dir, candidate);
    if (!existsSync(at) || readFileSync(at).equals(bytes)) return candidate;
  }
}

export async function upload(ctx: EditorContext, query: URLSearchParams, body: Buffer): Promise<ApiAnswer> {
  if (!query.get('alt')?.trim()) return refuse('EditorImageAltMissing', {}, { field: 'alt' });
  const name = imageName(query.get('name'));
  if (!name) return refuse('EditorImageName', { name: (query.get('name') ?? '').slice(0, 200) });
  const entry = contentFile(ctx.contentDir, query.get('entry'));
  if (!entry.ok) return refusePath(query.get('entry'), entry);
  if (body.length === 0 || body.length > MAX_IMAGE) return refuse('EditorImageSize', { bytes: body.length, limit: MAX_IMAGE });
  const error = await uploadedImageError(name, body);
  if (error) return answerError(error);
  const dir = path.posix.join(path.posix.dirname(entry.rel), 'images');
  const dirAt = contentFile(ctx.contentDir, dir);
  if (!dirAt.ok) return refusePath(dir, dirAt);
  const stored = freeName(ctx.contentDir, dir, name, body);
  const rel = `${dir}/${stored}`;
  const at = contentFile(ctx.contentDir, rel);
  if (!at.ok) return refusePath(rel, at);
  mkdirSync(path.dirname(at.file), { recursive: true });
  writeFileAtomic(at.file, body);
  return ok({ src: `./images/${stored}`, file: rel }, 201);
}

/** A content image's bytes, for the previews and the media library (no other file of the folder is served). */
export function serveImage(ctx: EditorContext, query: URLSearchParams): ApiAnswer {
  const at = contentFile(ctx.contentDir, query.get('file'));
  if (!at.ok) return refusePath(query.get('file'), at);
  const type = IMAGE_TYPES[path.extname(at.rel).toLowerCase()];
  if (!type || !existsSync(at.file)) return refuse('EditorEntryMissing', { file: at.rel });
  return { status: 200, json: null, raw: { type, body: readFileSync(at.file) } };
}

export const media = (ctx: EditorContext): ApiAnswer => ok({ images: mediaLibrary(ctx.contentDir) });

/** Deletes a content image no entry shows (409 naming the entries that do). */
export function deleteImage(ctx: EditorContext, query: URLSearchParams): ApiAnswer {
  const at = contentFile(ctx.contentDir, query.get('file'));
  if (!at.ok) return refusePath(query.get('file'), at);
  if (!IMAGE_FILE.test(at.rel)) return refuse('EditorImageName', { name: at.rel });
  if (!existsSync(at.file)) return refuse('EditorEntryMissing', { file: at.rel });
  const users = imageUsers(ctx.contentDir).get(at.rel) ?? [];
  if (users.length) return refuse('EditorImageInUse', { file: at.rel, users }, { users });
  unlinkSync(at.file);
  return ok({ removed: [at.rel] });
}
