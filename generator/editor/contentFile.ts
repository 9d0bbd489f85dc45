/**
 * A content file named by a request, resolved inside the content folder or refused: a path that is not a
 * plain relative one (absolute, "..", empty, a NUL) is 400; one that leads outside the folder, through a
 * symbolic link too, is 403. For a file not there yet, its nearest existing folder is what is checked.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { resolvesInside } from '../core/resolvesInside.ts';

export type ContentFile = { ok: true; file: string; rel: string } | { ok: false; status: 400 | 403; reason: string };

/** Whether `rel` is a plain relative path ("blog/post.md"): no absolute path, no "..", no empty or dot segment. Pure. */
export function plainRelative(rel: unknown): rel is string {
  if (typeof rel !== 'string' || rel === '' || rel.includes('\0') || rel.includes('\\')) return false;
  if (path.posix.isAbsolute(rel) || path.win32.isAbsolute(rel)) return false;
  return rel.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

export function contentFile(contentDir: string, rel: unknown): ContentFile {
  if (!plainRelative(rel)) return { ok: false, status: 400, reason: 'not a relative path inside the content folder' };
  const root = realpathSync(contentDir);
  const file = path.resolve(contentDir, rel);
  if (!resolvesInside(file, [path.resolve(contentDir)])) return { ok: false, status: 403, reason: 'outside the content folder' };
  let existing = file;
  while (!existsSync(existing) && existing !== path.dirname(existing)) existing = path.dirname(existing);
  // A dangling link: existsSync says no, but the link itself is there; refuse it.
  let real: string;
  try {
    real = realpathSync(existing);
  } catch {
    return { ok: false, status: 403, reason: 'a link that leads nowhere' };
  }
  if (!resolvesInside(real, [root])) return { ok: false, status: 403, reason: 'outside the content folder' };
  return { ok: true, file: path.join(real, path.relative(existing, file)), rel };
}
