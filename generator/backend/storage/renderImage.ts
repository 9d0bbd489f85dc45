import { readFile } from 'node:fs/promises';
import type { ObjectFiles } from './ObjectFiles.ts';
import { assetHeaders, fileMissingResponse, type AssetOptions, type ObjectRow } from './assetResponse.ts';
import { StorageError } from './StorageError.ts';
import { Fields } from './storageInput.ts';

/** The transformations of /render/image and of signed URLs' `transform`. */
export interface TransformOptions {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  format?: 'origin' | 'avif' | 'webp';
  quality?: number;
}

/** The Supabase CLI's image limits: sizes clamped to 1..2000 px, sources up to 50 megapixels and 25 MB. */
const SIZE = { min: 1, max: 2000 };
const MAX_SOURCE_PIXELS = 50_000_000;
const MAX_SOURCE_BYTES = 25_000_000;
/** The CLI's imgproxy defaults (IMGPROXY_FORMAT_QUALITY). */
const DEFAULT_QUALITY: Record<string, number> = { jpeg: 80, webp: 80, avif: 62 };

const clamp = (n: number) => Math.min(Math.max(n, SIZE.min), SIZE.max);

/** Pure: the transformations of a query string, checked as the storage server's schema checks them. */
export function transformOptions(fields: Fields): TransformOptions {
  const width = fields.integer('width', { min: 0 });
  const height = fields.integer('height', { min: 0 });
  const resize = fields.oneOf('resize', ['cover', 'contain', 'fill'] as const);
  const format = fields.oneOf('format', ['origin', 'avif', 'webp'] as const);
  const quality = fields.integer('quality', { min: 20, max: 100 });
  return { ...(width ? { width } : {}), ...(height ? { height } : {}), ...(resize ? { resize } : {}), ...(format ? { format } : {}), ...(quality ? { quality } : {}) };
}

/**
 * Pure: the transformations as the storage server lists them: in a signed
 * URL's token (`keepResize`: "resize:cover") or in the X-Transformations
 * header (imgproxy's "resizing_type:fill").
 */
export function describeTransform(options: TransformOptions, keepResize = false): string[] {
  const parts: string[] = [];
  if (options.height) parts.push(`height:${clamp(options.height)}`);
  if (options.width) parts.push(`width:${clamp(options.width)}`);
  if (options.width || options.height) {
    const resizing = options.resize === 'contain' ? 'fit' : options.resize === 'fill' ? 'force' : 'fill';
    parts.push(keepResize ? `resize:${options.resize}` : `resizing_type:${resizing}`);
  }
  if (options.quality) parts.push(`quality:${options.quality}`);
  if (options.format && options.format !== 'origin') parts.push(`format:${options.format}`);
  return parts;
}

/** Pure: the transformations a signed URL's token carries ("height:200,width:200,resize:cover"). */
export function parseTransformString(text: string): TransformOptions {
  const options: TransformOptions = {};
  for (const part of text.split(',')) {
    const [name, value] = part.split(':');
    if (!value) continue;
    if (name === 'width' || name === 'height' || name === 'quality') options[name] = Number.parseInt(value, 10) || undefined;
    else if (name === 'resize' && ['cover', 'contain', 'fill'].includes(value)) options.resize = value as TransformOptions['resize'];
    else if (name === 'format' && ['origin', 'avif', 'webp'].includes(value)) options.format = value as TransformOptions['format'];
  }
  return options;
}

/** X-Transformations of an info or HEAD request's query (invalid values ignored there). */
export function transformationsOf(url: URL): string[] {
  try {
    return describeTransform(transformOptions(Fields.query(url)));
  } catch {
    return [];
  }
}

/** imgproxy's refusal of a source it cannot transform: 422 in the body, 400 on the wire. */
const unprocessable = (message: string) => new StorageError(422, 'InvalidRequest', message);

/**
 * An image object transformed with sharp, as the CLI's imgproxy does it:
 * resized without enlarging (cover crops, contain fits inside, fill
 * stretches), rotated by its EXIF orientation, in the asked format, else
 * WebP for a client that accepts it, else the source's format.
 */
export async function renderImage(files: ObjectFiles, object: ObjectRow, request: Request, transform: TransformOptions, options: AssetOptions): Promise<Response> {
  let input: Buffer;
  try {
    if (!object.version) return fileMissingResponse();
    input = await readFile(files.pathOf(object.version));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fileMissingResponse();
    throw error;
  }
  if (input.length > MAX_SOURCE_BYTES) throw unprocessable('Source image file is too big');
  const { default: sharp } = await import('sharp');
  let image = sharp(input, { limitInputPixels: MAX_SOURCE_PIXELS, failOn: 'error' });
  let source: string | undefined;
  try {
    source = (await image.metadata()).format;
  } catch {
    throw unprocessable('Invalid source image');
  }
  image = image.rotate();
  if (transform.width || transform.height) {
    const fit = transform.resize === 'contain' ? 'inside' : transform.resize === 'fill' ? 'fill' : 'cover';
    image = image.resize({ width: transform.width && clamp(transform.width), height: transform.height && clamp(transform.height), fit, withoutEnlargement: true });
  }
  const accepts = /image\/webp/.test(request.headers.get('accept') ?? '');
  const format = transform.format && transform.format !== 'origin' ? transform.format : transform.format !== 'origin' && accepts ? 'webp' : outputOf(source);
  const quality = transform.quality ?? DEFAULT_QUALITY[format];
  let output: Buffer;
  try {
    output = await image.toFormat(format as 'png', quality ? { quality } : {}).toBuffer();
  } catch {
    throw unprocessable('Invalid source image');
  }
  const headers = assetHeaders(object.metadata ?? {}, { ...options, transformations: describeTransform(transform) });
  headers['Content-Type'] = `image/${format}`;
  headers['Content-Length'] = String(output.length);
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(output), { status: 200, headers });
}

/** Pure: the format a source is written back in (sharp writes these; others become PNG). */
function outputOf(source: string | undefined): string {
  if (source === 'jpeg' || source === 'png' || source === 'webp' || source === 'gif' || source === 'tiff') return source;
  if (source === 'heif') return 'avif';
  return 'png';
}
