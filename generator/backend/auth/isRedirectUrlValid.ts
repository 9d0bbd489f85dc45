import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { parseGoUrl } from './parseGoUrl.ts';
import type { RedirectGlob } from './redirectGlob.ts';

const DECIMAL_HOST = /^[0-9]+$/;
const REGULAR_HOSTNAME = /^[a-zA-Z0-9]([a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;
const LOCALHOSTS = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/**
 * Pure: whether a confirmation link may send people to `redirectUrl`, by
 * GoTrue's IsRedirectURLValid: a URL that Go's url.Parse refuses (a control
 * character, say) never; the site itself (site_url's scheme and host, and
 * its port, which a loopback host may change, RFC 8252 §7.3); an IP address
 * only when it is a loopback one (127.0.0.0/8, ::1), a host in decimal
 * never, an http(s) host of unusual characters never; anything else only
 * when it matches an entry of the allow list (`additional_redirect_urls`,
 * compiled by redirectGlob), fragment left out.
 */
export function isRedirectUrlValid(siteUrl: string, allowList: readonly RedirectGlob[], redirectUrl: string): boolean {
  if (redirectUrl === '') return false;
  const base = parseGoUrl(siteUrl);
  const ref = parseGoUrl(redirectUrl);
  if (!base || !ref) return false;
  if (base.hostname === ref.hostname && base.scheme === ref.scheme && (base.port === ref.port || isLocalhost(ref.hostname))) return true;
  const isHttp = ref.scheme === 'http' || ref.scheme === 'https';
  if (DECIMAL_HOST.test(ref.hostname)) return false;
  const ip = isIPv4(ref.hostname) ? 'ipv4' : isIPv6(ref.hostname) && !ref.hostname.includes('%') ? 'ipv6' : null;
  if (ip) return LOOPBACK.check(ref.hostname, ip);
  if (isHttp && !REGULAR_HOSTNAME.test(ref.hostname)) return false;
  const withoutFragment = redirectUrl.split('#')[0];
  return allowList.some((entry) => entry.ok && entry.matches(withoutFragment));
}

/** GoTrue's isLocalhost: the hosts whose port a redirect back to the site may change. */
function isLocalhost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return LOCALHOSTS.has(host) || host.endsWith('.localhost');
}
