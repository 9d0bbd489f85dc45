/**
 * image(): a content field that names an image, relative to the content file (`cover: ./images/cover.jpg`)
 * or as a URL (/…, https://…). Validated, its value becomes the path relative to the content folder
 * ("blog/images/cover.jpg"), which <Image src> takes; the content loader collects such paths
 * (withImageFields) and the build makes their variants. A URL stays as it is.
 *
 * The loader names the file being validated around zod's (synchronous) parse; a schema parsed anywhere
 * else leaves values as written.
 */
import { z } from 'zod';
import { isAbsoluteUrl, resolveImagePath } from './markdownImages.ts';
import type { ImageRef } from './imageTypes.ts';

let current: { file: string; found: { src: string; written: string }[] } | null = null;

/** A content field holding an image path (relative to its content file) or URL. */
export const image = () =>
  z
    .string()
    .min(1)
    .transform((value, ctx) => {
      if (!current || isAbsoluteUrl(value)) return value;
      const src = resolveImagePath(current.file, value);
      if (src === null) {
        ctx.issues.push({ code: 'custom', input: value, message: 'must be an image inside the content folder (./images/x.png) or a URL starting with / or https://' });
        return z.NEVER;
      }
      current.found.push({ src, written: value });
      return src;
    })
    // What marks the field as an image for the content editor (generator/editor/); kept through .optional(), .describe().
    .meta({ siteField: 'image' });

/** The line of `text` where `value` first appears (1 when it does not). */
const lineOf = (text: string, value: string): number => {
  const at = text.indexOf(value);
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
};

/** Runs `parse` (which validates the content file `file`, of text `text`) and lists the images its image() fields name. */
export function withImageFields<T>(file: string, text: string, parse: () => T): { value: T; images: ImageRef[] } {
  const outer = current;
  const found: { src: string; written: string }[] = [];
  current = { file, found };
  try {
    const value = parse();
    const seen = new Set<string>();
    const images = found.filter((f) => !seen.has(f.src) && seen.add(f.src)).map((f) => ({ src: f.src, line: lineOf(text, f.written) }));
    return { value, images };
  } finally {
    current = outer;
  }
}
