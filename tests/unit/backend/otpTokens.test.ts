import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateOtp, otpExpired, storedToken, tokenHash, tooSoon, verifyLink } from '../../../generator/backend/auth/otpTokens.ts';
import { sessionFragment } from '../../../generator/backend/auth/verifyEmail.ts';

describe('otpTokens', () => {
  it('makes codes of the configured length and GoTrue\'s token hash (hex SHA-224 of address + code)', () => {
    expect(generateOtp(6)).toMatch(/^\d{6}$/);
    expect(generateOtp(10)).toMatch(/^\d{10}$/);
    expect(tokenHash('a@example.com', '123456')).toBe(createHash('sha224').update('a@example.com123456').digest('hex'));
    expect(tokenHash('a@example.com', '123456')).toHaveLength(56);
    expect(storedToken('abc')).not.toContain('abc');
  });

  it('expires after otp_expiry and answers a mail too soon with the seconds left', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(otpExpired(new Date(now - 3600_000), 3600, now)).toBe(false);
    expect(otpExpired(new Date(now - 3601_000), 3600, now)).toBe(true);
    expect(otpExpired(null, 3600, now)).toBe(true);
    expect(tooSoon(new Date(now - 15_500), 60, now)).toBe('For security purposes, you can only request this after 44 seconds.');
    expect(tooSoon(new Date(now - 60_000), 60, now)).toBeNull();
  });

  it('builds GoTrue\'s verify link, escaping redirect_to only when it holds & = or #', () => {
    expect(verifyLink('http://api', 'abc', 'signup', 'http://127.0.0.1:4321/admin')).toBe('http://api/auth/v1/verify?token=abc&type=signup&redirect_to=http://127.0.0.1:4321/admin');
    expect(verifyLink('http://api', 'abc', 'recovery', 'http://x/?a=1&b=2')).toBe('http://api/auth/v1/verify?token=abc&type=recovery&redirect_to=http%3A%2F%2Fx%2F%3Fa%3D1%26b%3D2');
  });

  it('puts a session in the fragment with the keys in Go\'s order', () => {
    expect(sessionFragment({ access_token: 'a', expires_at: 2, expires_in: 1, refresh_token: 'r', token_type: 'bearer' }, 'magiclink')).toBe(
      'access_token=a&expires_at=2&expires_in=1&refresh_token=r&sb=&token_type=bearer&type=magiclink',
    );
  });
});
