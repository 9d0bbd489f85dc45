/**
 * The one URL helper. Every absolute URL (canonical, sitemap, feed, JSON-LD,
 * Open Graph) is built here, so the trailing-slash style is the same
 * everywhere: clean paths without a trailing slash, "/" for the home page.
 */
export function absoluteUrl(siteUrl: string, path: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  if (/^https?:\/\//.test(path)) return path;
  const clean = path === '/' || path === '' ? '/' : `/${path.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  return clean === '/' ? `${base}/` : `${base}${clean}`;
}

/** The file a clean path is written to: "/" -> index.html, "/blog/x" -> blog/x.html. */
export function fileForPath(path: string): string {
  const clean = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return clean === '' ? 'index.html' : `${clean}.html`;
}
