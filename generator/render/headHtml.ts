/**
 * The page-specific part of <head> as a string: the Content-Security-Policy,
 * the route's head tags (seo/headTags.ts), icon, stylesheet, module scripts
 * and JSON-LD blocks, in the order and with the escaping React gives them.
 * React renders <head> elements through its hoisting machinery (about a
 * third of its work on an article page); these tags need none of it: they
 * are flat, known tags. The Document shell leaves a slot for this string
 * right after what React itself puts first (charset, viewport, preloads).
 * Pure.
 */
import type { HeadTag } from '../seo/headTags.ts';

const special = /["&'<>]/g;
const hasSpecial = /["&'<>]/;
const replacement: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
/** React's escaping of text and attribute values (escapeTextForBrowser). */
export const escapeHtml = (s: string): string => (hasSpecial.test(s) ? s.replace(special, (c) => replacement[c]!) : s);

const attributes = (attrs: Record<string, string>): string => {
  let out = '';
  for (const name in attrs) out += ` ${name}="${escapeHtml(attrs[name]!)}"`;
  return out;
};

export interface HeadParts {
  csp: string;
  head: HeadTag[];
  /** The favicon's URL; '' for none (an empty data: icon then, so browsers do not ask for /favicon.ico). */
  icon: string;
  /** The stylesheet's URL; '' for none. */
  stylesheet: string;
  /** Module scripts (src). */
  scripts: string[];
  /** Serialized JSON-LD blocks (seo/jsonLd.ts serializeJsonLd: safe inside <script>). */
  jsonLd: string[];
}

export function headHtml({ csp, head, icon, stylesheet, scripts, jsonLd }: HeadParts): string {
  let out = `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}"/>`;
  for (const t of head) out += t.tag === 'title' ? `<title>${escapeHtml(t.text)}</title>` : `<${t.tag}${attributes(t.attrs)}/>`;
  out += icon ? `<link rel="icon" href="${escapeHtml(icon)}" type="image/svg+xml"/>` : '<link rel="icon" href="data:,"/>';
  if (stylesheet) out += `<link rel="stylesheet" href="${escapeHtml(stylesheet)}"/>`;
  for (const src of scripts) out += `<script type="module" src="${escapeHtml(src)}"></script>`;
  for (const json of jsonLd) out += `<script type="application/ld+json">${json}</script>`;
  return out;
}
