/**
 * Which Host a request to `site dev` or `site preview` may name, decided as Vite decides it
 * (`server.allowedHosts`, CVE-2025-24010). A page of any web site can reach a server on this machine by a
 * name of its own that it makes resolve to 127.0.0.1 (DNS rebinding), and then read what the server
 * answers as its own: the pages, and in them the editor's link with its secret. Only the Host header
 * tells such a request apart, so every answer checks it first. Allowed: an IP address (no name to
 * rebind), `localhost` and every name under `.localhost` (always this machine), the host the server was
 * told to listen on (`--host`), and the config's `allowedHosts`: a name, or `.example.com` for that name
 * and every name under it; `true` allows any (and the attack with it). A request without a Host is
 * refused. The port is not compared, as in Vite. Pure.
 */
import { isIP } from 'node:net';

/** The config's `allowedHosts`: host names, `.name` for a name and those under it, or true for any. */
export type AllowedHosts = readonly string[] | true;

export interface HostRule {
  allowedHosts?: AllowedHosts;
  /** The address the server listens on, as given (`--host`). */
  host?: string;
}

export function hostAllowed(header: string | undefined, rule: HostRule): boolean {
  if (rule.allowedHosts === true) return true;
  if (!header) return false;
  const host = header.trim();
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    return end > 0 && isIP(host.slice(1, end)) === 6;
  }
  // A host name holds no colon: what follows one is the port.
  const name = host.split(':')[0]!;
  if (isIP(name) === 4) return true;
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (rule.host && rule.host === name) return true;
  return (rule.allowedHosts ?? []).some((allowed) => allowed === name || (allowed.startsWith('.') && (allowed.slice(1) === name || name.endsWith(allowed))));
}

/** The 403 answer's text, naming the host and what allows it. */
export function blockedHostText(header: string | undefined): string {
  const name = JSON.stringify(header?.replace(/:\d+$/, '') ?? '');
  return `Blocked request. This host (${name}) is not allowed.\nTo allow this host, add ${name} to \`allowedHosts\` in site.config.ts.\n`;
}
