import { jsonResponse } from '../jsonResponse.ts';

/**
 * An error of the Storage API, answered as Supabase's storage server answers
 * it: the body `{ statusCode, code, error, message }` where statusCode is the
 * error's own status as text, and the HTTP status 400 for every 4xx of them
 * (500 for a 500) unless `status` says otherwise: storage-js reads the
 * status from the body.
 */
export class StorageError extends Error {
  /** The status in the body ("404", "409", "413", ...). */
  readonly statusCode: number;
  /** The status of the HTTP answer. */
  readonly status: number;
  readonly code: string;
  readonly error: string;

  constructor(statusCode: number, code: string, message: string, options: { error?: string; status?: number } = {}) {
    super(message);
    this.name = 'StorageError';
    this.statusCode = statusCode;
    this.code = code;
    this.error = options.error ?? code;
    this.status = options.status ?? (statusCode >= 500 ? 500 : 400);
  }

  toResponse(headers: Record<string, string> = {}): Response {
    return jsonResponse(this.status, { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message }, headers);
  }
}

/** The errors the routes raise, with the storage server's codes, statuses and wording. */
export const storageErrors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', { error: 'Bucket not found' }),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', { error: 'not_found' }),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', { error: 'Invalid Input' }),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', { error: 'Duplicate' }),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', { error: 'Duplicate' }),
  resourceAlreadyExists: () => new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', { error: 'Duplicate' }),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  accessDenied: (message = 'Access denied', status?: number) => new StorageError(403, 'AccessDenied', message, { error: 'Unauthorized', status }),
  entityTooLarge: (entity = 'object') => new StorageError(413, 'EntityTooLarge', `The ${entity} exceeded the maximum allowed size`, { error: 'Payload too large' }),
  invalidMimeType: (mimeType: string) => new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, { error: 'invalid_mime_type' }),
  invalidJwt: (message: string) => new StorageError(400, 'InvalidJWT', message || 'Invalid JWT'),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message || 'Invalid Request'),
  noContent: (message = 'No content provided') => new StorageError(400, 'InvalidRequest', message),
  invalidParameter: (name: string, message?: string) => new StorageError(400, 'InvalidParameter', message ?? `Invalid Parameter ${name}`),
  invalidFileSizeLimit: () => new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  invalidRange: () => new StorageError(400, 'InvalidRange', 'invalid range provided', { error: 'invalid_range' }),
  /** A body or query the route's schema refuses, worded as the server's validator words it. */
  validation: (message: string) => new StorageError(400, 'InvalidRequest', message, { error: 'Bad Request' }),
  featureNotEnabled: (feature: string) => new StorageError(400, 'FeatureNotEnabled', `The feature ${feature} is not enabled for this resource`),
  /** The file of a row is missing (seeded rows, or files deleted by hand): the renderer's 404. */
  fileMissing: () => new StorageError(404, 'NoSuchKey', 'The resource was not found', { error: 'Not found' }),
};

/** An unknown route, answered as the storage server's framework answers it. */
export function routeNotFound(method: string, path: string): Response {
  return jsonResponse(404, { message: `Route ${method}:${path} not found`, error: 'Not Found', statusCode: 404 });
}

/**
 * Pure: a Postgres error -> the storage server's answer (42501 access denied,
 * 23505 already exists, 23503 related resource missing); any other error a
 * request's values cause (data exceptions, a value too large for an index)
 * is 400, never a 500.
 */
export function pgErrorToStorage(error: unknown): StorageError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const message = (error as Error).message ?? '';
  if (code === '42501') return storageErrors.accessDenied(message.includes('row-level security') ? 'new row violates row-level security policy' : message);
  if (code === '23505') return storageErrors.resourceAlreadyExists();
  if (code === '23503') return new StorageError(404, 'InvalidRequest', 'The related resource does not exist');
  if (code === '22P02') return storageErrors.invalidParameter('value', message || 'Invalid value format or type conversion failed');
  if (/^(22|23|54)/.test(code) || code === 'P0001') return storageErrors.invalidRequest(message);
  return null;
}
