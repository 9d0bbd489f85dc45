/**
 * Pure: the redirect targets (GoTrue's glob patterns) of a site served at
 * `url`: its origin and every page under it, on its own host and on both
 * names of the loopback address, so links the site asks the backend to mail
 * back to itself pass the backend's redirect check (supabase/config.toml's
 * additional_redirect_urls may name another port).
 */
export function siteRedirectUrls(url: string): string[] {
  const { protocol, hostname, port } = new URL(url);
  const hosts = [...new Set([hostname, '127.0.0.1', 'localhost'])];
  return hosts.flatMap((host) => {
    const origin = `${protocol}//${host}${port ? `:${port}` : ''}`.replace(/[*?[\]{}\\]/g, '\\$&');
    return [origin, `${origin}/**`];
  });
}
