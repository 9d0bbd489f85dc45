import type { SupabaseConfig } from '../readSupabaseConfig.ts';
import { isRedirectUrlValid } from './isRedirectUrlValid.ts';
import { redirectGlob, type RedirectGlob } from './redirectGlob.ts';

/**
 * Where a mailed link may send people, as GoTrue's GetReferrer chooses it:
 * the requested redirect_to (its header, else its query parameter) when
 * isRedirectUrlValid allows it, else the request's Referer when allowed,
 * else site_url. The allow list is [auth] additional_redirect_urls, read at
 * each call so entries added while running (`site dev`'s own origin) count;
 * an entry that is no glob matches nothing and is reported once through `log`.
 */
export function redirectTargets(auth: SupabaseConfig['auth'], log: (line: string) => void) {
  const compiled = new Map<string, RedirectGlob>();
  const allowList = () =>
    auth.additionalRedirectUrls.map((pattern) => {
      let glob = compiled.get(pattern);
      if (!glob) {
        glob = redirectGlob(pattern);
        compiled.set(pattern, glob);
        if (!glob.ok) log(`[auth] additional_redirect_urls: "${pattern}" is not a valid pattern (${glob.reason}); it matches nothing`);
      }
      return glob;
    });

  return function redirectTarget(requested: string | null, referrer: string | null = null): string {
    const list = allowList();
    for (const candidate of [requested, referrer]) {
      if (candidate && isRedirectUrlValid(auth.siteUrl, list, candidate)) return candidate;
    }
    return auth.siteUrl;
  };
}
