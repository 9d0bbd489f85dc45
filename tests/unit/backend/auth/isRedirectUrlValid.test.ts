import { describe, expect, it } from 'vitest';
import { isRedirectUrlValid } from '../../../../generator/backend/auth/isRedirectUrlValid.ts';
import { parseGoUrl } from '../../../../generator/backend/auth/parseGoUrl.ts';
import { redirectGlob } from '../../../../generator/backend/auth/redirectGlob.ts';

const matches = (pattern: string, url: string) => {
  const glob = redirectGlob(pattern);
  if (!glob.ok) throw new Error(glob.reason);
  return glob.matches(url);
};

describe('redirectGlob (gobwas/glob with the separators . and /)', () => {
  it('matches wildcards, classes, alternatives and escapes as gobwas/glob does', () => {
    const cases: [boolean, string, string][] = [
      [true, '', ''],
      [false, '', 'b'],
      [true, 'a.b', 'a.b'],
      [true, 'a.*', 'a.b'],
      [false, 'a.*', 'a.b.c'],
      [true, 'a.**', 'a.b.c'],
      [true, 'a.?.c', 'a.b.c'],
      [false, 'a.?.c', 'a.bb.c'],
      [true, '**', 'a.b.c'],
      [false, '*', 'a.b.c'],
      [true, '\\*', '*'],
      [false, '\\*', 'x'],
      [true, '[!a]*', 'this is a test3'],
      [true, '{abc,abcd}a', 'abcda'],
      [true, '{a,ab}{bc,f}', 'abc'],
      [true, '{*,**}{a,b}', 'ab'],
      [false, '{*,**}{a,b}', 'ac'],
      [true, '/{rate,[a-z][a-z][a-z]}*', '/usd'],
      [true, '{*.google.*,yandex.*}', 'yandex.com'],
      [false, '{*.google.*,yandex.*}', 'www.yandex.com'],
      [true, '*//{,*.}example.com', 'https://www.example.com'],
      [false, '*//{,*.}example.com', 'http://example.com.net'],
      [true, '*ä', 'åä'],
    ];
    for (const [want, pattern, url] of cases) expect([pattern, url, matches(pattern, url)]).toEqual([pattern, url, want]);
  });

  it('keeps * within one host label or path segment and ** across them', () => {
    expect(matches('http://localhost:8000/*', 'http://localhost:8000/path?param=1')).toBe(true);
    expect(matches('http://localhost:8000/*', 'http://localhost:8000/path/to/page')).toBe(false);
    expect(matches('http://localhost:8000/*', 'http://localhost:8000')).toBe(false);
    expect(matches('http://localhost:8000/**', 'http://localhost:8000/path/to/page.html')).toBe(true);
    expect(matches('https://*.example.com/**', 'https://a.example.com/x')).toBe(true);
    expect(matches('https://*.example.com/**', 'https://a.b.example.com/x')).toBe(false);
    expect(matches('https://*.example.com/**', 'https://evil.com/.example.com/x')).toBe(false);
    expect(matches('http://localhost:4321', 'http://localhost:4321/auth')).toBe(false);
  });

  it('gives the reason of a pattern the glob syntax refuses', () => {
    expect(redirectGlob('http://x/[a')).toMatchObject({ ok: false, reason: 'unexpected end of input' });
    expect(redirectGlob('http://x/[z-a]')).toMatchObject({ ok: false, reason: "hi character 'a' should be greater than lo 'z'" });
    expect(redirectGlob('http://x/[]')).toMatchObject({ ok: false, reason: 'could not parse range' });
  });
});

describe('parseGoUrl (what Go\'s url.Parse gives GoTrue)', () => {
  it('refuses control characters, bad escapes, bad ports and bad hosts', () => {
    for (const bad of ['http://127.0.0.1:4321/\r\nSet-Cookie: a=b', 'http://a.com/\t', 'http://a.com/\x7f', 'http://a.com/%zz', 'http://a.com/#%z', 'http://a.com:80x/', 'http://a b.com/', 'http://[x]/', ':foo', '1:foo']) {
      expect([bad, parseGoUrl(bad)]).toEqual([bad, null]);
    }
  });

  it('reads scheme, host and port without normalising them', () => {
    expect(parseGoUrl('HTTP://Example.COM:8080/a?b#c')).toEqual({ scheme: 'http', hostname: 'Example.COM', port: '8080' });
    expect(parseGoUrl('http://[::1]:3000/x')).toEqual({ scheme: 'http', hostname: '::1', port: '3000' });
    expect(parseGoUrl('http://123?.localhost:8000/path')).toEqual({ scheme: 'http', hostname: '123', port: '' });
    expect(parseGoUrl('myapp://callback')).toEqual({ scheme: 'myapp', hostname: 'callback', port: '' });
    expect(parseGoUrl('mailto:a@b.c')).toEqual({ scheme: 'mailto', hostname: '', port: '' });
  });
});

describe('isRedirectUrlValid (GoTrue\'s IsRedirectURLValid)', () => {
  const same = (siteUrl: string, url: string) => isRedirectUrlValid(siteUrl, [], url);

  it('accepts the site: same scheme, host and port, any port on a loopback host', () => {
    expect(same('https://example.com', 'https://example.com/path')).toBe(true);
    expect(same('https://example.com', 'http://example.com/path')).toBe(false);
    expect(same('http://example.com', 'https://example.com/path')).toBe(false);
    expect(same('https://example.com', 'https://example.com:8443/path')).toBe(false);
    expect(same('https://example.com:9000', 'https://example.com:9000/path')).toBe(true);
    expect(same('https://example.com:9000', 'https://example.com/path')).toBe(false);
    expect(same('http://localhost:3000', 'http://localhost:8080/callback')).toBe(true);
    expect(same('http://localhost:3000', 'http://localhost/callback')).toBe(true);
    expect(same('https://localhost:3000', 'http://localhost:8080/callback')).toBe(false);
    expect(same('http://127.0.0.1:3000', 'http://127.0.0.1:8080/callback')).toBe(true);
  });

  it('matches other URLs against the allow list only, fragment left out', () => {
    const allow = ['http://localhost:8000/*', 'http://*.localhost:8000/*', 'http://*:12345/*', 'http://**:12345/*'].map(redirectGlob);
    const valid = (url: string) => isRedirectUrlValid('https://example.com', allow, url);
    expect(valid('http://localhost:8000/path')).toBe(true);
    expect(valid('http://localhost:8000/path#frag/ment.x')).toBe(true);
    expect(valid('http://localhost:3000')).toBe(false);
    expect(valid('http://localhost:8000')).toBe(false);
    expect(valid('http://localhost:8000/path/to/page')).toBe(false);
    expect(valid('http://localhost:8000/path?param=1')).toBe(true);
    expect(valid('http://123?.localhost:8000/path')).toBe(false);
    expect(valid('http://123.123.123.123?localhost:8000/path')).toBe(false);
    expect(valid('http://[65e7:9410:d8b6:e227:58cd:e55b:8fc0:206d]?localhost:8000/path')).toBe(false);
    expect(valid('http://65e7:9410:d8b6:e227:58cd:e55b:8fc0:206d?localhost:8000/path')).toBe(false);
    expect(valid('http://127.0.0.1:12345/path')).toBe(true);
    expect(valid('http://[0:0:0:0:0:0:0:1]:12345/path')).toBe(true);
    expect(valid('https://example.com/dashboard')).toBe(true);
    expect(valid('http://example.com/dashboard')).toBe(false);
    expect(valid('https://example.com:8443/dashboard')).toBe(false);
  });

  it('refuses a localhost port of its own, another host, a decimal host, control characters', () => {
    const allow = ['http://localhost:4321', 'http://localhost:4321/**'].map(redirectGlob);
    const valid = (url: string) => isRedirectUrlValid('http://127.0.0.1:4321', allow, url);
    expect(valid('http://localhost:4321/auth')).toBe(true);
    expect(valid('http://localhost:4321')).toBe(true);
    expect(valid('http://localhost:9999/steal')).toBe(false);
    expect(valid('http://evil.localhost:4321/steal')).toBe(false);
    expect(valid('https://evil.example/steal')).toBe(false);
    expect(valid('http://2130706433/')).toBe(false);
    expect(valid('http://localhost:4321/auth\r\nx')).toBe(false);
    expect(valid('http://127.0.0.1:4321/\n')).toBe(false);
    expect(valid('')).toBe(false);
    expect(valid('javascript:alert(1)//http://localhost:4321/')).toBe(false);
  });
});
