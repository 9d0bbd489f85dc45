import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const PERIOD = 30;
const DIGITS = 6;

/** Pure: RFC 4648 base32 without padding, as authenticator apps read TOTP secrets. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Pure: base32 (case and padding ignored) -> bytes. */
export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** Pure: RFC 4226 HOTP with HMAC-SHA-1 (or the hash given), `digits` long. */
export function hotp(key: Uint8Array, counter: number, digits = DIGITS, hash: 'sha1' | 'sha256' | 'sha512' = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(hash, key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** Pure: RFC 6238 TOTP of a base32 secret at `unixSeconds` (30 s steps, 6 digits, SHA-1 as GoTrue uses). */
export function totpCode(secret: string, unixSeconds: number): string {
  return hotp(base32Decode(secret), Math.floor(unixSeconds / PERIOD));
}

/** Pure: whether `code` is the TOTP of the step at `unixSeconds` or of the step before or after (GoTrue's skew of 1). */
export function verifyTotp(secret: string, code: string, unixSeconds: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  const key = base32Decode(secret);
  const step = Math.floor(unixSeconds / PERIOD);
  let ok = false;
  for (const counter of [step - 1, step, step + 1]) {
    ok = timingSafeEqual(Buffer.from(hotp(key, counter)), Buffer.from(code)) || ok;
  }
  return ok;
}

/** A new random secret: 20 bytes in base32, as GoTrue's TOTP library makes them. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** Pure: the otpauth:// URI an authenticator app reads (the query sorted as Go's url.Values encodes it). */
export function totpUri(issuer: string, accountName: string, secret: string): string {
  const label = `${issuer}:${accountName}`
    .split('')
    .map((c) => (/[A-Za-z0-9\-._~:@!$&'()*+,;=]/.test(c) ? c : encodeURIComponent(c)))
    .join('');
  const query = new URLSearchParams({ algorithm: 'SHA1', digits: String(DIGITS), issuer, period: String(PERIOD), secret });
  return `otpauth://totp/${label}?${query}`;
}
