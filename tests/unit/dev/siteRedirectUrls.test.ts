import { describe, expect, it } from 'vitest';
import { isRedirectUrlValid } from '../../../generator/backend/auth/isRedirectUrlValid.ts';
import { redirectGlob } from '../../../generator/backend/auth/redirectGlob.ts';
import { siteRedirectUrls } from '../../../generator/dev/siteRedirectUrls.ts';

describe('siteRedirectUrls', () => {
  it('names the origin and every page under it, on 127.0.0.1 and localhost', () => {
    expect(siteRedirectUrls('http://127.0.0.1:5000')).toEqual([
      'http://127.0.0.1:5000',
      'http://127.0.0.1:5000/**',
      'http://localhost:5000',
      'http://localhost:5000/**',
    ]);
  });

  it('escapes what the glob syntax would read (an IPv6 host\'s brackets)', () => {
    expect(siteRedirectUrls('http://[::1]:5000').slice(0, 2)).toEqual(['http://\\[::1\\]:5000', 'http://\\[::1\\]:5000/**']);
    expect(redirectGlob(siteRedirectUrls('http://[::1]:5000')[1])).toMatchObject({ ok: true });
  });

  it('lets the site\'s own pages through the backend\'s redirect check, and no other port', () => {
    const allow = siteRedirectUrls('http://127.0.0.1:5000').map(redirectGlob);
    const valid = (url: string) => isRedirectUrlValid('http://127.0.0.1:4321', allow, url);
    expect(valid('http://localhost:5000')).toBe(true);
    expect(valid('http://localhost:5000/auth/confirm.html?x=1')).toBe(true);
    expect(valid('http://localhost:5001/auth')).toBe(false);
  });
});
