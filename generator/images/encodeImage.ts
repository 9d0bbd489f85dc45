/**
 * sharp, loaded when an image has to be read or encoded (a warm build never loads it): an image's size,
 * and one variant of it (a width in a format). sharp's own thread pool does the work; the stage bounds
 * how many run at once.
 */
import type { Sharp } from 'sharp';

type SharpFn = (input: Buffer, options?: { failOn?: 'none' | 'truncated' | 'error' | 'warning'; animated?: boolean }) => Sharp;
let loaded: Promise<SharpFn> | undefined;
const sharp = () => (loaded ??= import('sharp').then((m) => ((m as unknown as { default?: SharpFn }).default ?? (m as unknown as SharpFn))));

/** The formats the stage writes, with what sharp calls them. */
export type Format = 'avif' | 'webp' | 'jpeg' | 'png';
export const MIME: Record<Format | 'svg' | 'gif', string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  gif: 'image/gif',
};
export const EXTENSION: Record<Format | 'svg' | 'gif', string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg', png: 'png', svg: 'svg', gif: 'gif' };

/** Encoder settings: part of every variant's name, so new settings never reuse an old file. */
export const ENCODER = 'avif q50 e2; webp q75 e4; jpeg q80 mozjpeg; png c9';

export interface SourceInfo {
  /** As shown (EXIF orientation applied). */
  width: number;
  height: number;
  format: string;
}

/** The size and format of an image; throws (sharp's message) when it cannot be decoded. */
export async function imageInfo(bytes: Buffer): Promise<SourceInfo> {
  const meta = await (await sharp())(bytes, { failOn: 'error' }).metadata();
  if (!meta.width || !meta.height || !meta.format) throw new Error('no image size in the file');
  const turned = (meta.orientation ?? 1) >= 5;
  // A truncated file has a readable header: decoding a few pixels finds it.
  if (meta.format !== 'svg' && meta.format !== 'gif') await (await sharp())(bytes, { failOn: 'truncated' }).resize(8).raw().toBuffer();
  return { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height, format: meta.format };
}

/** One variant: the source at `width` pixels wide, in `format`. */
export async function encodeVariant(bytes: Buffer, width: number, format: Format): Promise<Buffer> {
  const image = (await sharp())(bytes).rotate().resize({ width, withoutEnlargement: true });
  switch (format) {
    case 'avif':
      return image.avif({ quality: 50, effort: 2 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 75, effort: 4 }).toBuffer();
    case 'jpeg':
      return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9 }).toBuffer();
  }
}
