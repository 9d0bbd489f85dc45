/**
 * The `_redirects` file format of Netlify and Cloudflare Pages, for `site preview`: one rule a line,
 * "source destination [status]", "#" comments. Only the static rules the build writes (exact paths,
 * redirect statuses); splats, placeholders, rewrites and anything else are skipped. Pure.
 */
export interface RedirectRule {
  status: number;
  to: string;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** Source path -> rule; the first rule for a path wins, as both hosts have it. */
export function parseRedirectsFile(text: string): Map<string, RedirectRule> {
  const rules = new Map<string, RedirectRule>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [from, to, code, ...rest] = line.split(/\s+/);
    const status = code === undefined ? 302 : Number(code);
    if (!from || !to || rest.length || !redirectStatuses.has(status) || !from.startsWith('/') || /[*:]/.test(from)) continue;
    if (!rules.has(from)) rules.set(from, { status, to });
  }
  return rules;
}
