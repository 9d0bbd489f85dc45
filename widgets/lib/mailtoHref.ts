/**
 * A mailto: link for an address typed by a stranger (a contact form's
 * email), or null when it is anything but one plain mailbox. Stored text
 * such as `sales@victim.co?bcc=attacker%40evil.example` would otherwise add
 * headers (Bcc, Subject, body) to the mail an admin sends with one click.
 *
 * Accepted: exactly one `@`; a local part of RFC 5322 atext characters and
 * dots, without `?`, `#`, `/` or `%`; an ASCII domain of letters, digits
 * and hyphens with at least one dot; no spaces or control characters; at
 * most 254 characters. The local part is percent-encoded into the URL.
 */
const LOCAL = /^[A-Za-z0-9.!$&'*+=^_`{|}~-]{1,64}$/;
const DOMAIN = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function mailtoHref(address: string): string | null {
  if (address.length > 254) return null;
  const parts = address.split('@');
  if (parts.length !== 2) return null;
  const [local, domain] = parts as [string, string];
  if (!LOCAL.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return null;
  if (!DOMAIN.test(domain)) return null;
  return `mailto:${encodeURIComponent(local)}@${domain}`;
}
