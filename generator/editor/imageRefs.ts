/**
 * The content images an entry's text names, as paths relative to the content folder: its markdown
 * images (`![alt](./images/x.png)`) and every field value that is a relative image path (an image()
 * field, `cover: ./images/x.png`), each resolved against the entry's folder as the build resolves it.
 * URLs, site paths and paths leading out of the content folder name no content image. Pure.
 */
import path from 'node:path';
import { formatOf } from './newEntryText.ts';
import { readEntryText } from './readEntryText.ts';

export const IMAGE_FILE = /\.(png|jpe?g|webp|avif|gif|svg)$/i;
const MARKDOWN_IMAGE = /!\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\)/g;

/** `src` as written in `rel`, relative to the content folder; null for a URL, a site path or a way out. */
export function resolveImage(rel: string, src: string): string | null {
  if (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(src)) return null;
  const raw = src.split(/[?#]/)[0]!;
  let clean = raw;
  try {
    clean = decodeURI(raw);
  } catch {
    // Written with a stray "%": the file name as it is.
  }
  const at = path.posix.normalize(path.posix.join(path.posix.dirname(rel), clean));
  return at.startsWith('../') || at === '..' || !IMAGE_FILE.test(at) ? null : at;
}

/** The strings of a parsed value, walked without recursion. */
function stringsOf(value: unknown): string[] {
  const out: string[] = [];
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') stack.push(...(Array.isArray(v) ? v : Object.values(v)));
  }
  return out;
}

export function imageRefs(rel: string, text: string): string[] {
  const found = new Set<string>();
  const add = (src: string) => {
    const at = resolveImage(rel, src.trim());
    if (at) found.add(at);
  };
  let parsed: { data: unknown; body: string | null };
  try {
    parsed = readEntryText(text, formatOf(rel));
  } catch {
    parsed = { data: null, body: rel.endsWith('.md') ? text : null };
  }
  for (const s of stringsOf(parsed.data)) if (IMAGE_FILE.test(s.trim())) add(s);
  for (const m of (parsed.body ?? '').matchAll(MARKDOWN_IMAGE)) add(m[1]!);
  return [...found].sort();
}

/** `image` (relative to the content folder) as an entry at `rel` names it: "./images/x.png", "../blog/images/x.png". Pure. */
export function imageSrcFrom(rel: string, image: string): string {
  const r = path.posix.relative(path.posix.dirname(rel), image);
  return r.startsWith('../') ? r : `./${r}`;
}
