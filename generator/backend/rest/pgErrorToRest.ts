import { RestError } from './RestError.ts';

interface PgErrorLike {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

/**
 * Pure: a Postgres error -> the status and body PostgREST answers with
 * (its SQLSTATE table, mapSQLtoHTTP: 23505 -> 409, 23514 -> 400, 42501 -> 401
 * for anon / 403 for a signed-in role, 42P01 -> 404, data exceptions of
 * class 22 such as 22021 (a NUL byte), 22P02, 22003, 22001 -> 400, ...).
 * Differences: 54000 and 54001 (a value too large for an index, a
 * statement too deep) answer 400, not 500, and so does 08P01 (the server
 * refused a message's bytes, e.g. a NUL in the statement's text), not 503:
 * here only a request can cause them, the connection itself is fine.
 */
export function pgErrorToRest(error: unknown, role: string): RestError {
  if (error instanceof RestError) return error;
  const e = (error ?? {}) as PgErrorLike;
  const code = typeof e.code === 'string' ? e.code : '';
  const message = e.message ?? String(error);
  return new RestError(statusFor(code, role), code || 'XX000', message, e.detail ?? null, e.hint ?? null);
}

function statusFor(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code === '42P17') return 500;
  if (code === '54000' || code === '54001' || code === '08P01') return 400;
  if (code === '53400') return 500;
  const cls = code.slice(0, 2);
  if (cls === '08' || cls === '53') return 503;
  if (cls === '0L' || cls === '0P' || cls === '28') return 403;
  if (['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX'].includes(cls)) return 500;
  if (code === '') return 500;
  return 400;
}
