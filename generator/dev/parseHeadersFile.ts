/**
 * The `_headers` file format of Netlify and Cloudflare Pages: a path
 * pattern on its own line, then indented "Name: value" lines. Pure.
 */
export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      rules.push({ pattern: raw.trim(), headers: [] });
      continue;
    }
    const at = raw.indexOf(':');
    if (at > 0 && rules.length) rules.at(-1)!.headers.push([raw.slice(0, at).trim(), raw.slice(at + 1).trim()]);
  }
  return rules;
}

const matches = (pattern: string, urlPath: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(urlPath);

/** Headers for a path; later rules add to earlier ones, as both hosts do. */
export function headersFor(rules: HeaderRule[], urlPath: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rules) if (matches(r.pattern, urlPath)) for (const [k, v] of r.headers) out[k.toLowerCase()] = v;
  return out;
}
