/**
 * The `_headers` file (Netlify and Cloudflare Pages format) every build
 * writes: CSP and the other security headers on every path, long immutable
 * caching for content-hashed assets. README "Deploy" gives the nginx
 * equivalent. Pure.
 */
export function headersFile(csp: string): string {
  return `/*
  Content-Security-Policy: ${csp}
  X-Content-Type-Options: nosniff
  X-Frame-Options: DENY
  Referrer-Policy: strict-origin-when-cross-origin
  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()
  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload
  Cross-Origin-Opener-Policy: same-origin
/assets/*
  Cache-Control: public, max-age=31536000, immutable
`;
}
