import { AuthError } from './authError.ts';

/**
 * Most bytes of user_metadata as JSON. It travels inside every access token
 * (the user_metadata claim), and Node refuses request headers over 16 KB in
 * all: 4 KB of JSON keeps a token near 6.5 KB at most.
 */
export const MAX_USER_METADATA_BYTES = 4096;

/** Pure: refuses user_metadata (after a merge, as it would be stored) that would not fit. */
export function checkUserMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  const bytes = Buffer.byteLength(JSON.stringify(metadata), 'utf8');
  if (bytes > MAX_USER_METADATA_BYTES) {
    throw new AuthError(
      422,
      'validation_failed',
      `User metadata cannot be larger than ${MAX_USER_METADATA_BYTES} bytes as JSON (this would make it ${bytes}): it is part of every access token.`,
    );
  }
  return metadata;
}
