import { describe, expect, it } from 'vitest';
import { headerSafe, withQuery } from '../../../../generator/backend/auth/verifyEmail.ts';

describe('the Location of a followed link', () => {
  it('percent-encodes control, space and non-ASCII characters, so the header can always be written', () => {
    expect(headerSafe('http://localhost:4321/✓ ok#a=b')).toBe('http://localhost:4321/%E2%9C%93%20ok#a=b');
    expect(headerSafe('http://a.example/\r\nSet-Cookie: x=1')).toBe('http://a.example/%0D%0ASet-Cookie:%20x=1');
    expect(headerSafe('http://a.example/\ud800')).toBe('http://a.example/%EF%BF%BD');
    expect(() => new Headers({ Location: headerSafe('http://a.example/😀\u0000') })).not.toThrow();
  });

  it('sets query parameters on a URL, and appends them to a target no URL parser reads', () => {
    expect(withQuery('http://a.example/cb?code=old&x=1', [['code', 'new']])).toBe('http://a.example/cb?code=new&x=1');
    expect(withQuery('/relative/path', [['code', 'c']])).toBe('/relative/path?code=c');
    expect(withQuery('/relative?x=1', [['error', 'access denied']])).toBe('/relative?x=1&error=access+denied');
  });
});
