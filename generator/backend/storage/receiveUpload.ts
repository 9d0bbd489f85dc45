import type { IncomingFile, ObjectFiles } from './ObjectFiles.ts';
import { MultipartError, multipartBoundary, readMultipart } from './multipartBody.ts';
import { bytesFitType } from './sniffMime.ts';
import { StorageError, storageErrors } from './StorageError.ts';
import { isEmptyFolderPlaceholder, mimeTypeAllowed } from './storageNames.ts';

/** A received upload, its bytes in an incoming file of the store (not yet committed). */
export interface ReceivedUpload {
  file: IncomingFile;
  mimeType: string;
  cacheControl: string;
  userMetadata?: Record<string, unknown>;
}

export interface UploadLimits {
  /** Bytes the file may have: the bucket's and the global limit, whichever is lower. */
  maxBytes: number;
  /** The bucket's allowed_mime_types; empty or null allows any. */
  allowedMimeTypes: string[] | null;
  objectName: string;
}

/** How many more bytes of a refused upload are read (and dropped) so the client sees the answer. */
const DRAIN_BYTES = 64 * 1024 * 1024;

/** The user metadata of the x-metadata header (base64 JSON), or undefined when it is not that. */
export function parseUserMetadata(header: string | null): Record<string, unknown> | undefined {
  if (!header) return undefined;
  try {
    const value = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Receives an upload's bytes as the storage server reads them: a
 * multipart/form-data body (the first file part, and the fields
 * cacheControl, contentType, metadata) or the raw body (Content-Type,
 * Cache-Control, x-metadata). The type is checked against the bucket's
 * allowed types before any byte is kept, and an image type against the
 * bytes; a body over the limit is refused (413) when its Content-Length
 * says so, else once it passes it. A refused body is read to its end (up to
 * 64 MiB more) and dropped, so the client gets the answer.
 */
export async function receiveUpload(request: Request, files: ObjectFiles, limits: UploadLimits): Promise<ReceivedUpload> {
  const placeholder = isEmptyFolderPlaceholder(limits.objectName);
  const allowed = !placeholder && limits.allowedMimeTypes?.length ? limits.allowedMimeTypes : null;
  const checkType = (mimeType: string) => {
    if (allowed && !mimeTypeAllowed(mimeType, allowed)) throw storageErrors.invalidMimeType(mimeType);
  };
  const file = await files.incoming(placeholder ? 0 : limits.maxBytes);
  const body = bodyChunks(request);
  try {
    const received = multipartBoundary(request.headers.get('content-type')) !== null || /^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')
      ? await receiveMultipart(request, body, file, checkType)
      : await receiveRaw(request, body, file, checkType);
    if (file.truncated) throw storageErrors.entityTooLarge();
    if (allowed && !bytesFitType(received.mimeType, file.head)) throw storageErrors.invalidMimeType(received.mimeType);
    return received;
  } catch (error) {
    await file.discard();
    await drain(bodyChunks(request), DRAIN_BYTES);
    throw error;
  }
}

async function receiveRaw(request: Request, body: AsyncIterable<Uint8Array>, file: IncomingFile, checkType: (t: string) => void): Promise<ReceivedUpload> {
  const mimeType = request.headers.get('content-type') || 'application/octet-stream';
  checkType(mimeType);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > file.limit) throw storageErrors.entityTooLarge();
  for await (const chunk of body) {
    await file.write(chunk);
    if (file.truncated) throw storageErrors.entityTooLarge();
  }
  const userMetadata = parseUserMetadata(request.headers.get('x-metadata'));
  return { file, mimeType, cacheControl: request.headers.get('cache-control') ?? 'no-cache', ...(userMetadata ? { userMetadata } : {}) };
}

async function receiveMultipart(request: Request, body: AsyncIterable<Uint8Array>, file: IncomingFile, checkType: (t: string) => void): Promise<ReceivedUpload> {
  const boundary = multipartBoundary(request.headers.get('content-type'));
  if (!boundary) throw storageErrors.noContent('Multipart: Boundary not found');
  const fields = new Map<string, string>();
  let mimeType: string | null = null;
  let refused: StorageError | null = null;
  try {
    await readMultipart(
      body,
      boundary,
      {
        field: (name, value) => void (fields.has(name) || fields.set(name, value)),
        file: (part) => {
          if (mimeType !== null || refused) return null; // one file per upload; the rest is read and dropped
          mimeType = fields.get('contentType') || part.contentType || 'text/plain';
          try {
            checkType(mimeType);
          } catch (error) {
            refused = error as StorageError;
            return null;
          }
          return (chunk) => file.write(chunk);
        },
      },
      1024 * 1024,
    );
  } catch (error) {
    if (!(error instanceof MultipartError)) throw error;
    throw /over \d+ bytes/.test(error.message) ? storageErrors.entityTooLarge('user_metadata') : storageErrors.noContent(`Multipart: ${error.message}`);
  }
  if (refused) throw refused;
  if (mimeType === null) throw storageErrors.noContent();
  const cacheTime = fields.get('cacheControl');
  let userMetadata: Record<string, unknown> | undefined;
  const metadata = fields.get('metadata') ?? fields.get('userMetadata');
  try {
    const value = metadata === undefined ? undefined : (JSON.parse(metadata) as unknown);
    if (value && typeof value === 'object' && !Array.isArray(value)) userMetadata = value as Record<string, unknown>;
  } catch {
    // not JSON: no user metadata, as the storage server does
  }
  return { file, mimeType, cacheControl: cacheTime ? `max-age=${cacheTime}` : 'no-cache', ...(userMetadata ? { userMetadata } : {}) };
}

/** Reads what is left of a body and drops it; stops after `max` bytes. */
export async function drain(body: AsyncIterable<Uint8Array> | null, max: number): Promise<void> {
  if (!body) return;
  let read = 0;
  try {
    for await (const chunk of body) {
      read += chunk.length;
      if (read > max) break;
    }
  } catch {
    // the client went away: nothing left to read
  }
}

/**
 * The body's chunks, read without cancelling the stream when the reader stops
 * early: what is left can still be read (and dropped) by another reader.
 */
export function bodyChunks(request: Request): AsyncIterable<Uint8Array> {
  const stream = request.body as unknown as { locked: boolean; values(options: { preventCancel: boolean }): AsyncIterable<Uint8Array> } | null;
  return {
    // The reader is taken when reading starts (and released when it stops), not before.
    [Symbol.asyncIterator]: () => (stream && !stream.locked ? stream.values({ preventCancel: true }) : (async function* () {})())[Symbol.asyncIterator](),
  };
}
