/**
 * Pure: is this a Postgres error that a request's values caused? Class 22
 * (data exceptions: 22021 a NUL byte, 22P05 \u0000 in JSON, 22P02 invalid
 * text, 22003 numeric out of range, 22001 string too long, ...), 54000 (a
 * value too large, e.g. for an index) and 54001 (a statement too complex).
 */
export function isPgDataError(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && /^(22...|5400[01])$/.test(code);
}
