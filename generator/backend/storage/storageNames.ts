import { storageErrors } from './StorageError.ts';

/** Longest object name, in bytes (S3's key limit). */
export const MAX_KEY_BYTES = 1024;

/** The characters the storage server allows in keys (S3's safe set); bucket names the same without "/". */
const KEY_CHARACTERS = /^[A-Za-z0-9_/!.*'() &$@=;:+,?-]+$/;
const BUCKET_CHARACTERS = /^[A-Za-z0-9_!.*'() &$@=;:+,?-]+$/;

/**
 * Pure: an object name the API accepts: the storage server's characters
 * (no control characters, nothing outside ASCII), and also none of what a
 * path could misuse: a leading "/", "." or ".." segments, empty segments
 * inside the name, more than 1024 bytes.
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_BYTES || !KEY_CHARACTERS.test(key) || key.startsWith('/')) return false;
  const segments = key.split('/');
  return segments.every((s, i) => s !== '.' && s !== '..' && (s !== '' || i === segments.length - 1));
}

/** Pure: a bucket name (1 to 100 of the safe characters, no "/"). */
export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length < 101 && BUCKET_CHARACTERS.test(name) && name !== '.' && name !== '..';
}

export function mustBeValidKey(key: string | undefined): string {
  if (!key || !isValidKey(key)) throw storageErrors.invalidKey(key ?? '');
  return key;
}

export function mustBeValidBucketName(name: string | undefined): string {
  if (!name || !isValidBucketName(name)) throw storageErrors.invalidBucketName();
  return name;
}

/** Pure: "20mb", "1.5GB", "300KB", "12B" -> bytes, as the API reads a bucket's file_size_limit (powers of 1000). */
export function parseFileSizeToBytes(value: string): number {
  const match = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!match) throw storageErrors.invalidFileSizeLimit();
  const amount = Number(Number.parseFloat(match[1]).toPrecision(3));
  const unit = { gb: 1e9, mb: 1e6, kb: 1e3, b: 1 }[match[2].toLowerCase() as 'gb' | 'mb' | 'kb' | 'b'];
  return Math.round(amount * unit);
}

/** Refuses allowed_mime_types entries the storage server refuses. */
export function validateAllowedMimeTypes(types: string[]): void {
  for (const type of types) {
    if (type.length > 1000 || !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(type)) throw storageErrors.invalidMimeType(type);
  }
}

/** Pure: may a file of `mimeType` go into a bucket that allows `allowed` ("image/png", "image/*")? */
export function mimeTypeAllowed(mimeType: string, allowed: string[]): boolean {
  const [type, subtype] = mimeType.split('/');
  if (subtype === undefined) return false;
  // As the storage server compares: "text/plain;charset=UTF-8" is not "text/plain" (but is "text/*").
  return allowed.some((entry) => {
    const [allowedType, allowedSub] = entry.split('/');
    return allowedType === type && (allowedSub === '*' || allowedSub === subtype);
  });
}

/** The marker file storage-js uploads to make an empty folder: always 0 bytes. */
export function isEmptyFolderPlaceholder(name: string): boolean {
  return name.endsWith('.emptyFolderPlaceholder');
}
