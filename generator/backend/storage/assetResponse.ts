import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { jsonResponse } from '../jsonResponse.ts';
import type { ObjectFiles } from './ObjectFiles.ts';
import { StorageError } from './StorageError.ts';

/** The columns of storage.objects the readers use. */
export interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata?: Record<string, unknown> | null;
  created_at?: Date | string | null;
  updated_at?: Date | string | null;
}

export interface AssetOptions {
  /** `?download=`: an attachment, named when not empty. */
  download?: string;
  /** Signed URLs: an Expires header instead of Cache-Control. */
  expires?: string;
  /** X-Transformations, when an image was transformed. */
  transformations?: string[];
}

/** Pure: a byte range of a file of `size` bytes from a Range header; 416 when it cannot be served. */
export function parseRange(range: string, size: number): { start: number; end: number } {
  const match = /^bytes=(\d*)-(\d*)$/.exec(range);
  const invalid = new StorageError(416, 'InvalidRange', 'invalid range provided', { error: 'invalid_range', status: 416 });
  if (!match || size <= 0 || (!match[1] && !match[2])) throw invalid;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (!Number.isSafeInteger(suffix) || suffix <= 0) throw invalid;
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : size - 1;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start > end || start >= size) throw invalid;
  return { start, end: Math.min(end, size - 1) };
}

/** Pure: the headers every object answer carries, from the row's metadata. */
export function assetHeaders(metadata: Record<string, unknown>, options: AssetOptions): Record<string, string> {
  const mimetype = typeof metadata.mimetype === 'string' ? metadata.mimetype : 'application/octet-stream';
  const headers: Record<string, string> = {
    'Accept-Ranges': 'bytes',
    // Served from the API's own origin: HTML is never rendered as a page.
    'Content-Type': mimetype.includes('text/html') ? 'text/plain' : mimetype,
    'X-Robots-Tag': 'none',
  };
  if (typeof metadata.eTag === 'string') headers.ETag = metadata.eTag;
  const lastModified = new Date(String(metadata.lastModified ?? ''));
  if (!Number.isNaN(lastModified.getTime())) headers['Last-Modified'] = lastModified.toUTCString();
  if (options.expires) headers.Expires = options.expires;
  else if (typeof metadata.cacheControl === 'string' && metadata.cacheControl) headers['Cache-Control'] = metadata.cacheControl;
  if (options.transformations?.length) headers['X-Transformations'] = options.transformations.join(',');
  if (options.download !== undefined) {
    const name = encodeURIComponent(options.download);
    headers['Content-Disposition'] = options.download === '' ? 'attachment;' : `attachment; filename=${name}; filename*=UTF-8''${name}`;
  }
  return headers;
}

/** The renderer's answer for a row whose file is gone (a seeded row, a file deleted by hand). */
export function fileMissingResponse(): Response {
  return jsonResponse(400, { error: 'Not found', message: 'The resource was not found', statusCode: '404' }, { 'Cache-Control': 'no-store' });
}

/** An object's bytes as the storage server serves them: conditional requests (304), ranges (206), download names. */
export async function fileResponse(files: ObjectFiles, object: ObjectRow, request: Request, options: AssetOptions): Promise<Response> {
  const metadata = object.metadata ?? {};
  const headers = assetHeaders(metadata, options);
  const size = typeof metadata.size === 'number' ? metadata.size : Number(metadata.contentLength ?? 0);
  const ifNoneMatch = request.headers.get('if-none-match');
  const ifModifiedSince = Date.parse(request.headers.get('if-modified-since') ?? '');
  const lastModified = Date.parse(headers['Last-Modified'] ?? '');
  if ((ifNoneMatch && ifNoneMatch === headers.ETag) || (!ifNoneMatch && lastModified <= ifModifiedSince)) {
    return new Response(null, { status: 304, headers });
  }
  const rangeHeader = request.headers.get('range');
  const range = rangeHeader ? parseRange(rangeHeader, size) : undefined;
  let stream: Readable;
  try {
    if (!object.version) return fileMissingResponse();
    stream = await files.read(object.version, range);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fileMissingResponse();
    throw error;
  }
  if (range) {
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['Content-Length'] = String(range.end - range.start + 1);
  } else {
    headers['Content-Length'] = String(size);
  }
  const body = request.method === 'HEAD' ? null : (Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>);
  if (!body) stream.destroy();
  return new Response(body as unknown as WebReadableStream as never, { status: range ? 206 : 200, headers });
}

/** HEAD of an object: its headers from the row, no bytes. */
export function headResponse(object: ObjectRow, options: AssetOptions): Response {
  const metadata = object.metadata ?? {};
  const headers = assetHeaders(metadata, options);
  if (metadata.contentLength !== undefined) headers['Content-Length'] = String(metadata.contentLength);
  return new Response(null, { status: 200, headers });
}

/** GET /object/info: the object's details as JSON (storage-js's info()). */
export function infoResponse(object: ObjectRow, options: AssetOptions): Response {
  const metadata = object.metadata ?? {};
  const headers: Record<string, string> = {};
  if (typeof metadata.eTag === 'string') headers.ETag = metadata.eTag;
  if (typeof metadata.cacheControl === 'string' && metadata.cacheControl) headers['Cache-Control'] = metadata.cacheControl;
  if (options.transformations?.length) headers['X-Transformations'] = options.transformations.join(',');
  return jsonResponse(
    200,
    {
      id: object.id,
      name: object.name,
      version: object.version,
      bucket_id: object.bucket_id,
      size: metadata.size ?? null,
      content_type: metadata.mimetype ?? null,
      cache_control: metadata.cacheControl ?? null,
      etag: metadata.eTag ?? null,
      metadata: object.user_metadata ?? null,
      last_modified: object.updated_at ?? null,
      created_at: object.created_at ?? null,
    },
    headers,
  );
}
