/** Request headers supabase-js sends (and so a preflight must allow). */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'prefer',
  'accept',
  'accept-profile',
  'content-profile',
  'range',
  'x-supabase-api-version',
  'x-retry-count',
  'x-region',
  // storage-js's uploads
  'x-upsert',
  'x-metadata',
  'cache-control',
].join(', ');

/** Pure: CORS headers for a request from `origin` (empty when the origin is not allowed). */
export function corsHeaders(origin: string | null, allowedOrigins: string[]): Record<string, string> {
  if (!origin || !isAllowedOrigin(origin, allowedOrigins)) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': CORS_ALLOWED_HEADERS,
    'Access-Control-Expose-Headers': 'Content-Range, Content-Location, X-Supabase-Api-Version, Range-Unit',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

/** The dev site on any local port, plus configured origins (exact match, no trailing slash). */
export function isAllowedOrigin(origin: string, allowedOrigins: string[]): boolean {
  if (/^http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?$/.test(origin)) return true;
  return allowedOrigins.some((allowed) => allowed.replace(/\/$/, '') === origin);
}
