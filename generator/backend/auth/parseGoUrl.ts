import { isIPv6 } from 'node:net';

/** The parts of a URL GoTrue's redirect check reads: scheme (lower case), Hostname() and Port() as Go's net/url gives them. */
export interface GoUrlParts {
  scheme: string;
  hostname: string;
  port: string;
}

/**
 * Pure: `raw` read as Go's url.Parse reads it, or null where url.Parse
 * fails: a control character anywhere (U+0000–U+001F, U+007F), a bad
 * percent escape in the path or fragment, a colon in a schemeless first
 * segment, a port that is not digits, a character a host may not hold, or
 * brackets around something that is not an IPv6 address. Unlike the WHATWG
 * parser nothing is stripped, lower-cased or normalised: the host is the
 * one written, percent escapes decoded.
 */
export function parseGoUrl(raw: string): GoUrlParts | null {
  if (/[\x00-\x1f\x7f]/.test(raw)) return null;
  const hashAt = raw.indexOf('#');
  if (hashAt >= 0 && !unescapes(raw.slice(hashAt + 1))) return null;
  let rest = hashAt >= 0 ? raw.slice(0, hashAt) : raw;

  let scheme = '';
  const schemeEnd = /^[A-Za-z][A-Za-z0-9+.-]*:/.exec(rest);
  if (rest.startsWith(':')) return null; // missing protocol scheme
  if (schemeEnd) {
    scheme = schemeEnd[0].slice(0, -1).toLowerCase();
    rest = rest.slice(schemeEnd[0].length);
  }
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) rest = rest.slice(0, -1);
  else if (rest.includes('?')) rest = rest.slice(0, rest.indexOf('?'));

  if (!rest.startsWith('/')) {
    if (scheme !== '') return { scheme, hostname: '', port: '' }; // opaque, e.g. mailto:
    if (rest.split('/')[0].includes(':')) return null;
  }
  let host = '';
  if (rest.startsWith('//') && (scheme !== '' || !rest.startsWith('///'))) {
    let authority = rest.slice(2);
    const slash = authority.indexOf('/');
    rest = slash >= 0 ? authority.slice(slash) : '';
    if (slash >= 0) authority = authority.slice(0, slash);
    const at = authority.lastIndexOf('@');
    if (at >= 0) {
      const userinfo = authority.slice(0, at);
      if (!/^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(userinfo) || !unescapes(userinfo)) return null;
    }
    const parsed = parseHost(authority.slice(at + 1));
    if (parsed === null) return null;
    host = parsed;
  }
  if (!unescapes(rest)) return null;
  return { scheme, ...splitHostPort(host) };
}

/** Go's parseHost: the host with its percent escapes decoded, or null. */
function parseHost(host: string): string | null {
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0 || !validOptionalPort(host.slice(close + 1))) return null;
    const inside = host.slice(1, close);
    const zone = inside.indexOf('%25');
    if (!isIPv6(zone >= 0 ? inside.slice(0, zone) : inside)) return null;
  } else {
    const colon = host.lastIndexOf(':');
    if (colon >= 0 && !validOptionalPort(host.slice(colon))) return null;
  }
  for (let i = 0; i < host.length; i++) {
    const c = host[i];
    if (c === '%') {
      const hex = host.slice(i + 1, i + 3);
      // Only escapes of non-ASCII bytes (and %25, the zone's %) may stand in a host.
      if (!/^[0-9A-Fa-f]{2}$/.test(hex) || (parseInt(hex[0], 16) < 8 && hex !== '25')) return null;
      i += 2;
    } else if (c.charCodeAt(0) < 0x80 && !/[A-Za-z0-9!$&'()*+,;=:[\]<>"\-_.~]/.test(c)) return null;
  }
  try {
    return decodeURIComponent(host);
  } catch {
    // Escaped bytes that are not UTF-8: Go keeps them as bytes; no real host is written so.
    return host;
  }
}

function validOptionalPort(port: string): boolean {
  return port === '' || /^:[0-9]*$/.test(port);
}

function splitHostPort(hostPort: string): { hostname: string; port: string } {
  let hostname = hostPort;
  let port = '';
  const colon = hostname.lastIndexOf(':');
  if (colon >= 0 && validOptionalPort(hostname.slice(colon))) {
    port = hostname.slice(colon + 1);
    hostname = hostname.slice(0, colon);
  }
  if (hostname.startsWith('[') && hostname.endsWith(']')) hostname = hostname.slice(1, -1);
  return { hostname, port };
}

/** Whether every % in `s` starts a two-digit hex escape (Go's unescape of a path or fragment). */
function unescapes(s: string): boolean {
  return !/%(?![0-9A-Fa-f]{2})/.test(s);
}
