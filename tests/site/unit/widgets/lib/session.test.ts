// @vitest-environment happy-dom
/** widgets/lib/session.ts: a stored session is valid only with access_token, refresh_token and expires_at (spec section 4). */
import { beforeEach, describe, expect, it } from 'vitest';
import { hasStoredSession } from '../../../../../widgets/lib/session.ts';
import { AUTH_STORAGE_KEY } from '../../../../../widgets/lib/supabase.ts';

const valid = { access_token: 'a.b.c', refresh_token: 'r1', expires_at: 1_900_000_000, expires_in: 3600, token_type: 'bearer', user: { id: 'u1' } };

beforeEach(() => localStorage.clear());

describe('hasStoredSession', () => {
  it('reads the supabase-js storage key', () => {
    expect(AUTH_STORAGE_KEY).toBe('sb-site-auth-token');
  });

  it('accepts a session with access_token, refresh_token and a numeric expires_at', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(valid));
    expect(hasStoredSession()).toBe(true);
    const { access_token, refresh_token, expires_at } = valid;
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token, refresh_token, expires_at }));
    expect(hasStoredSession()).toBe(true);
  });

  it('is false with nothing stored, or stored under another key', () => {
    expect(hasStoredSession()).toBe(false);
    localStorage.setItem('sb-other-auth-token', JSON.stringify(valid));
    expect(hasStoredSession()).toBe(false);
  });

  it.each(['access_token', 'refresh_token', 'expires_at'] as const)('is false without %s', (field) => {
    const s: Record<string, unknown> = { ...valid };
    delete s[field];
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(s));
    expect(hasStoredSession()).toBe(false);
  });

  it.each([
    ['expires_at as a string', { ...valid, expires_at: '1900000000' }],
    ['access_token null', { ...valid, access_token: null }],
    ['refresh_token a number', { ...valid, refresh_token: 1 }],
  ])('is false with %s', (_, s) => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(s));
    expect(hasStoredSession()).toBe(false);
  });

  it.each(['{not json', 'null', '"a string"', '[]', ''])('is false for the stored value %j', (raw) => {
    localStorage.setItem(AUTH_STORAGE_KEY, raw);
    expect(hasStoredSession()).toBe(false);
  });

  it('is false when storage throws', () => {
    const blocked = {
      getItem(): string | null {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(hasStoredSession(blocked)).toBe(false);
  });
});
