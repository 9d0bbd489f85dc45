/**
 * The Content-Security-Policy, built from what the site really talks to:
 * itself, the configured backend (connect) and the origins the site adds
 * in its config (an analytics host, a video host's frames). No
 * 'unsafe-inline' anywhere: every script and style is a hashed file. Pure.
 */
import type { CspAdditions } from '../site/defineConfig.ts';

export interface CspInput {
  backendUrl?: string | null;
  /** The site's additions (site.config.ts `csp`), per directive. */
  additions?: CspAdditions;
}

const origin = (url: string) => new URL(url).origin;

export function cspDirectives({ backendUrl, additions = {} }: CspInput): Record<string, string[]> {
  const base: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(backendUrl ? [origin(backendUrl)] : [])],
    'frame-src': [],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  for (const [name, values] of Object.entries(additions)) base[name] = [...new Set([...(base[name] ?? []), ...(values ?? [])])];
  return Object.fromEntries(Object.entries(base).filter(([, values]) => values.length > 0));
}

/** As an HTTP header (everything), or for a <meta> tag (which may not carry frame-ancestors). */
export function contentSecurityPolicy(input: CspInput, as: 'header' | 'meta' = 'header'): string {
  return Object.entries(cspDirectives(input))
    .filter(([name]) => as === 'header' || name !== 'frame-ancestors')
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
