/**
 * The markup of a responsive image, the same for a markdown image and for a template's <Image>: a
 * <picture> with an AVIF and a WebP <source> and an <img> in the source's own format (width, height,
 * srcset, sizes, alt, lazy loading; eager with fetchpriority="high" above the fold). An SVG or GIF is a
 * plain <img>. pictureSpec says what to write; pictureHtml writes it as a string (markdown), Image.tsx
 * as React elements, attribute for attribute. Pure.
 */
import type { ResponsiveImage } from './imageTypes.ts';

export interface PictureOptions {
  alt: string;
  sizes: string;
  /** Above the fold: loaded at once, first. */
  priority?: boolean;
  title?: string;
}

export interface PictureSpec {
  sources: { type: string; srcSet: string; sizes: string }[];
  img: {
    src: string;
    srcSet?: string;
    sizes?: string;
    width: number;
    height: number;
    alt: string;
    title?: string;
    loading: 'lazy' | 'eager';
    decoding: 'async';
    fetchPriority?: 'high';
  };
}

/** The fallback <img src>: the largest file at most this wide (a browser without srcset is an old one). */
const FALLBACK_WIDTH = 1200;

const srcset = (files: { url: string; width: number }[]) => files.map((f) => `${f.url} ${f.width}w`).join(', ');

export function pictureSpec(image: ResponsiveImage, { alt, sizes, priority, title }: PictureOptions): PictureSpec {
  const formats = image.formats;
  const fallback = formats.at(-1)!;
  const src = [...fallback.files].reverse().find((f) => f.width <= FALLBACK_WIDTH) ?? fallback.files[0]!;
  const many = fallback.files.length > 1 || formats.length > 1;
  return {
    sources: formats.slice(0, -1).map((f) => ({ type: f.type, srcSet: srcset(f.files), sizes })),
    img: {
      src: src.url,
      ...(many ? { srcSet: srcset(fallback.files), sizes } : {}),
      width: image.width,
      height: image.height,
      alt,
      ...(title ? { title } : {}),
      loading: priority ? 'eager' : 'lazy',
      decoding: 'async',
      ...(priority ? { fetchPriority: 'high' as const } : {}),
    },
  };
}

/**
 * An attribute value escaped as React escapes it, so both writers give the same bytes (names too: React
 * writes srcSet and fetchPriority as spelled, which HTML reads case-insensitively).
 */
export const escapeAttr = (value: string): string =>
  value.replace(/[&"'<>]/g, (c) => (c === '&' ? '&amp;' : c === '"' ? '&quot;' : c === "'" ? '&#x27;' : c === '<' ? '&lt;' : '&gt;'));

const attrs = (record: Record<string, string | number | undefined>) =>
  Object.entries(record)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeAttr(String(v))}"`)
    .join('');

export function pictureHtml(spec: PictureSpec): string {
  const img = `<img${attrs(spec.img)}/>`;
  if (!spec.sources.length) return img;
  return `<picture>${spec.sources.map((s) => `<source${attrs(s)}/>`).join('')}${img}</picture>`;
}
