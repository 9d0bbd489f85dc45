/**
 * Markdown images, in three pure steps:
 *   1. While markdown renders (content/markdownFinish/imageRule.ts, for both engines), an image with a relative source
 *      (`![A chart](./images/chart.png)` or `images/chart.png`, relative to the markdown file) becomes a
 *      marker: an <img> naming the source relative to the content folder, its line, its alt text and
 *      whether it sits in the body's first block (above the fold). An image without alt text is an
 *      error naming file and line. Absolute URLs (https://…, /…, data:) stay plain images.
 *   2. imageRefsIn lists a body's markers: the images its entry needs (kept with the entry's metadata,
 *      so a build that takes the entry from the cache knows them without rendering it).
 *   3. placeImages replaces each marker of a finished page with its <picture> (pictureMarkup.ts), once the
 *      image stage has made the variants; the lookup records which images the page shows.
 * The markers exist only between rendering and placing: raw HTML never reaches a body (markdown.ts drops
 * it), so an author cannot write one.
 */
import path from 'node:path';
import { SiteError } from '../core/errors.ts';
import { escapeAttr, pictureHtml, pictureSpec } from './pictureMarkup.ts';
import type { ImageRef, ResponsiveImage } from './imageTypes.ts';

/** Where a markdown text comes from: its file (relative to the content folder) and the file's line of its first line. */
export interface MarkdownSource {
  file: string;
  line?: number;
}

/** Whether a URL is left as it is: a scheme (https:, data:), protocol-relative or site-absolute. */
export const isAbsoluteUrl = (url: string): boolean => /^(?:[a-z][a-z0-9+.-]*:|\/)/i.test(url);

/** A relative image path as a path relative to the content folder, from the file that names it; null when it leaves the folder. */
export function resolveImagePath(from: string, src: string): string | null {
  let clean = src.split(/[?#]/)[0]!;
  try {
    clean = decodeURI(clean);
  } catch {
    /* kept as written */
  }
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(from), clean));
  return joined.startsWith('../') || joined === '..' || joined.startsWith('/') ? null : joined;
}

export interface MarkerInput {
  /** The image URL as written. */
  src: string;
  alt: string;
  title?: string;
  /** The image's line in the markdown text (1-based). */
  line: number;
  /** In the body's first block. */
  priority: boolean;
}

/**
 * The marker for one markdown image with a relative source; null for an absolute URL (the engine writes
 * its plain <img>). Throws ImageAltMissing for an image without alt text, ImageOutsideContent for a path
 * that leaves the content folder.
 */
export function markdownImageHtml({ src, alt, title, line, priority }: MarkerInput, at: MarkdownSource | undefined): string | null {
  const file = at?.file ?? '';
  const fileLine = (at?.line ?? 1) + line - 1;
  if (!alt.trim()) throw new SiteError('ImageAltMissing', { file, line: fileLine, src });
  const titled = title ? ` title="${escapeAttr(title)}"` : '';
  if (isAbsoluteUrl(src)) return null;
  const resolved = resolveImagePath(file, src);
  if (resolved === null) throw new SiteError('ImageOutsideContent', { file, line: fileLine, src });
  return `<img data-image="${escapeAttr(resolved)}" data-line="${fileLine}"${priority ? ' data-priority=""' : ''} alt="${escapeAttr(alt)}"${titled}/>`;
}

const MARKER = /<img data-image="([^"]*)" data-line="(\d+)"( data-priority="")? alt="([^"]*)"(?: title="([^"]*)")?\/>/g;

const unescape = (s: string) =>
  s.replace(/&(amp|quot|#x27|lt|gt);/g, (_, e: string) => ({ amp: '&', quot: '"', '#x27': "'", lt: '<', gt: '>' })[e]!);

/** The images a rendered body names, in order (one per source). */
export function imageRefsIn(html: string): ImageRef[] {
  if (!html.includes('<img data-image="')) return [];
  const refs = new Map<string, ImageRef>();
  for (const m of html.matchAll(MARKER)) {
    const src = unescape(m[1]!);
    if (!refs.has(src)) refs.set(src, { src, line: Number(m[2]) });
  }
  return [...refs.values()];
}

/** Each marker of `html` as its <picture>; `image` finds a source's variants (and records that the page shows it). */
export function placeImages(html: string, image: (src: string) => ResponsiveImage): string {
  if (!html.includes('<img data-image="')) return html;
  return html.replace(MARKER, (_, src: string, _line: string, priority: string | undefined, alt: string, title: string | undefined) => {
    const found = image(unescape(src));
    return pictureHtml(pictureSpec(found, { alt: unescape(alt), sizes: found.sizes, priority: !!priority, ...(title ? { title: unescape(title) } : {}) }));
  });
}
