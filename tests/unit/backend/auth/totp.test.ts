import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, newTotpSecret, totpCode, totpUri, verifyTotp } from '../../../../generator/backend/auth/totp.ts';

// RFC 6238 Appendix B, SHA-1 key "12345678901234567890", 8 digits.
const VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238, SHA-1, 30 s steps)', () => {
  const key = Buffer.from('12345678901234567890');
  const secret = base32Encode(key);

  it('matches the RFC 6238 test vectors', () => {
    for (const [t, code] of VECTORS) {
      expect(hotp(key, Math.floor(t / 30), 8)).toBe(code);
      expect(totpCode(secret, t)).toBe(code.slice(-6));
    }
  });

  it('round-trips base32 (RFC 4648 "foobar" example) and makes 32-character secrets', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Encode(key)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
  });

  it('accepts the previous, current and next step only', () => {
    const t = 1111111111;
    expect(verifyTotp(secret, totpCode(secret, t), t)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, t - 30), t)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, t + 30), t)).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, t - 60), t)).toBe(false);
    expect(verifyTotp(secret, totpCode(secret, t + 60), t)).toBe(false);
    expect(verifyTotp(secret, '12345', t)).toBe(false);
  });

  it('writes the otpauth URI as GoTrue does', () => {
    expect(totpUri('example.com', 'ada@example.com', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/example.com:ada@example.com?algorithm=SHA1&digits=6&issuer=example.com&period=30&secret=JBSWY3DPEHPK3PXP',
    );
  });
});
