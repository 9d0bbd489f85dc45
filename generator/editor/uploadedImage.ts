/**
 * An uploaded image's bytes checked before anything is written: decoded by the build's own reader
 * (images/encodeImage.ts, sharp), they must be an image of the type the file's name says. A text file
 * named .png, a JPEG named .png, a truncated file and any SVG (it can carry scripts; the editor never
 * publishes one, whatever its name) are refused, so nothing the editor stores can stop the site building.
 */
import { SiteError } from '../core/errors.ts';
import { imageInfo } from '../images/encodeImage.ts';

/** What sharp calls each extension's format, and how an author calls it. */
const EXPECTED: Record<string, { format: string; name: string }> = {
  png: { format: 'png', name: 'PNG' },
  jpg: { format: 'jpeg', name: 'JPEG' },
  jpeg: { format: 'jpeg', name: 'JPEG' },
  webp: { format: 'webp', name: 'WebP' },
  avif: { format: 'heif', name: 'AVIF' },
  gif: { format: 'gif', name: 'GIF' },
};
const NAMES: Record<string, string> = { png: 'a PNG image', jpeg: 'a JPEG image', webp: 'a WebP image', heif: 'an AVIF or HEIF image', gif: 'a GIF image', tiff: 'a TIFF image' };

/** How an author would call bytes that are no image: text, an SVG drawing, or data. Pure. */
export function describeBytes(bytes: Buffer): string {
  const head = bytes.subarray(0, 512).toString('utf8');
  if (/<svg[\s>]/i.test(head) || /^\s*<\?xml/.test(head)) return 'an SVG drawing';
  // A cut multi-byte character may end the first 512 bytes; any other undecodable byte is data.
  if (/^[\x09\x0a\x0d\x20-\x7e\u00a0-\ufffc]*\uFFFD?$/.test(head)) return 'text';
  return 'not image data';
}

/** Null when `bytes` are an image of the type `name`'s extension says; else the error to answer. */
export async function uploadedImageError(name: string, bytes: Buffer): Promise<SiteError | null> {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  const expected = EXPECTED[ext];
  if (!expected) return new SiteError('EditorImageName', { name });
  if (describeBytes(bytes) === 'an SVG drawing') return new SiteError('EditorImageSvg', { name });
  let format: string;
  try {
    format = (await imageInfo(bytes)).format;
  } catch {
    return new SiteError('EditorImageUnreadable', { name, expected: expected.name, found: describeBytes(bytes) === 'text' ? 'text' : 'not an image that can be read (a damaged or cut-off file?)' });
  }
  if (format === 'svg') return new SiteError('EditorImageSvg', { name });
  if (format !== expected.format) return new SiteError('EditorImageUnreadable', { name, expected: expected.name, found: NAMES[format] ?? `a ${format} file` });
  return null;
}
