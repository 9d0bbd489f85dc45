/**
 * The site's Content-Security-Policy, built from what the site really talks
 * to: itself, the configured backend (connect), the analytics host (only
 * ever contacted after consent) and the demo video host (frames). No
 * 'unsafe-inline' anywhere: every script and style is a hashed file.
 * Pure.
 */
export const ANALYTICS_ORIGINS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
};

export interface CspInput {
  backendUrl?: string | null;
  videoUrl: string;
}

const origin = (url: string) => new URL(url).origin;

export function cspDirectives({ backendUrl, videoUrl }: CspInput): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...ANALYTICS_ORIGINS.script],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...ANALYTICS_ORIGINS.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(backendUrl ? [origin(backendUrl)] : []), ...ANALYTICS_ORIGINS.connect],
    'frame-src': [origin(videoUrl)],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** As an HTTP header (everything), or for a <meta> tag (which may not carry frame-ancestors). */
export function contentSecurityPolicy(input: CspInput, as: 'header' | 'meta' = 'header'): string {
  return Object.entries(cspDirectives(input))
    .filter(([name]) => as === 'header' || name !== 'frame-ancestors')
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
