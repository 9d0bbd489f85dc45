/**
 * Pure: a request's `redirect_to`, or null when there is none or it holds a
 * control character (U+0000-U+001F, U+007F). GoTrue parses it with Go's
 * url.Parse, which refuses control characters, and then redirects to the
 * site URL as for no redirect_to at all; here such a value would otherwise
 * reach a Location header or a mailed link.
 */
export function redirectParam(url: URL): string | null {
  const value = url.searchParams.get('redirect_to');
  return value === null || /[\u0000-\u001f\u007f]/.test(value) ? null : value;
}
