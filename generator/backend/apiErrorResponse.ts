import { STATUS_CODES } from 'node:http';
import { jsonResponse } from './jsonResponse.ts';

/** Which API a path belongs to; each answers errors in its own shape. */
export type ApiName = 'rest' | 'auth' | 'functions' | 'storage' | 'gateway';

/** An error raised before a request reaches its API (size, URL, method), in terms every API can express. */
export interface EdgeError {
  status: number;
  /** PostgREST code (PGRST1xx or an HTTP status as text). */
  restCode: string;
  /** GoTrue error_code. */
  authCode: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

/** Pure: the API of a request path (`gateway` for anything outside /rest, /auth, /functions and /storage). */
export function apiOf(pathname: string): ApiName {
  const match = /^\/(rest|auth|functions|storage)\/v1(?:[/?#]|$)/.exec(pathname);
  return match ? (match[1] as ApiName) : 'gateway';
}

/**
 * Pure: the JSON body an API answers an edge error with. PostgREST
 * `{ code, message, details, hint }`, GoTrue `{ code, error_code, msg }`, the
 * Edge Functions runtime `{ code, message }`, the storage server `{ statusCode, code, error, message }`,
 * Supabase's gateway `{ message }`.
 */
export function apiErrorBody(api: ApiName, error: EdgeError): Record<string, unknown> {
  switch (api) {
    case 'rest':
      return { code: error.restCode, message: error.message, details: error.details ?? null, hint: error.hint ?? null };
    case 'auth':
      return { code: error.status, error_code: error.authCode, msg: error.message };
    case 'functions':
      return { code: (STATUS_CODES[error.status] ?? 'ERROR').toUpperCase().replace(/\W+/g, '_'), message: error.message };
    case 'storage':
      return { statusCode: String(error.status), code: error.status >= 500 ? 'InternalError' : 'InvalidRequest', error: STATUS_CODES[error.status] ?? 'Error', message: error.message };
    default:
      return error.hint ? { message: error.message, hint: error.hint } : { message: error.message };
  }
}

/** The Response for an edge error on this path. */
export function apiErrorResponse(pathname: string, error: EdgeError, headers: Record<string, string> = {}): Response {
  return jsonResponse(error.status, apiErrorBody(apiOf(pathname), error), headers);
}

/**
 * Pure: the first path segment or query name/value of a raw URL whose
 * percent-escapes do not decode (malformed, like `%A`, or not UTF-8, like
 * `%E0%A4`), or null when all decode. `new URL()` keeps such escapes and
 * URLSearchParams turns them into U+FFFD; decodeURIComponent throws.
 */
export function badPercentEscape(rawPathAndQuery: string): string | null {
  for (const part of rawPathAndQuery.split(/[/?&=]/)) {
    if (!part.includes('%')) continue;
    try {
      decodeURIComponent(part);
    } catch {
      return part;
    }
  }
  return null;
}
