/** The CSP allows exactly what the site talks to, and never inline code. */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspDirectives } from '../../../generator/security/contentSecurityPolicy.ts';
import { headersFile } from '../../../generator/security/headersFile.ts';

const input = { backendUrl: 'https://abc.supabase.co/', additions: { 'frame-src': ['https://www.youtube-nocookie.com'] } };

describe('Content-Security-Policy', () => {
  it('allows the backend for connect, by origin, and the origins the site adds', () => {
    const d = cspDirectives(input);
    expect(d['connect-src']).toContain('https://abc.supabase.co');
    expect(d['frame-src']).toEqual(['https://www.youtube-nocookie.com']);
  });
  it('has no unsafe-inline or unsafe-eval anywhere', () => {
    expect(contentSecurityPolicy(input)).not.toMatch(/unsafe-(inline|eval)/);
  });
  it('leaves the backend out when the build has none', () => {
    expect(cspDirectives({ additions: input.additions })['connect-src']).not.toContain('https://abc.supabase.co');
  });
  it('adds the site\'s origins after its own, once each, and leaves out a directive with no source', () => {
    const d = cspDirectives({ additions: { 'script-src': ['https://a.example', 'https://a.example'] } });
    expect(d['script-src']).toEqual(["'self'", 'https://a.example']);
    expect(d['frame-src']).toBeUndefined();
  });
  it('keeps frame-ancestors in the header only (a <meta> policy may not carry it)', () => {
    expect(contentSecurityPolicy(input, 'header')).toContain("frame-ancestors 'none'");
    expect(contentSecurityPolicy(input, 'meta')).not.toContain('frame-ancestors');
  });
  it('writes _headers with the policy, the security headers and immutable assets', () => {
    const text = headersFile(contentSecurityPolicy(input));
    for (const h of ['Content-Security-Policy:', 'X-Content-Type-Options: nosniff', 'Referrer-Policy: strict-origin-when-cross-origin', 'Permissions-Policy:', 'Strict-Transport-Security:']) {
      expect(text).toContain(h);
    }
    expect(text).toMatch(/\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable/);
  });
});
