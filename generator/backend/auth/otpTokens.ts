import { createHash, randomInt } from 'node:crypto';

/** A fresh numeric code of `digits` digits (GoTrue's crypto.GenerateOtp). */
export function generateOtp(digits: number): string {
  let otp = '';
  for (let i = 0; i < digits; i++) otp += String(randomInt(10));
  return otp;
}

/**
 * Pure: GoTrue's token hash of a mailed code: hex SHA-224 of address + code
 * (crypto.GenerateTokenHash). It is the `token` of a mailed link and the
 * `token_hash` a client may verify with.
 */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224').update(email + otp).digest('hex');
}

/**
 * Pure: what auth.users keeps of a token hash: its SHA-256, so the table
 * alone never holds a working link (GoTrue keeps the hash itself).
 */
export function storedToken(hash: string): string {
  return createHash('sha256').update(hash).digest('hex');
}

/** Pure: whether a code sent at `sentAt` is older than `expirySeconds` (GoTrue's isOtpExpired). */
export function otpExpired(sentAt: Date | string | null, expirySeconds: number, now = Date.now()): boolean {
  return !sentAt || now > new Date(sentAt).getTime() + expirySeconds * 1000;
}

/** Pure: GoTrue's answer when a mail to the same address comes sooner than max_frequency allows, or null. */
export function tooSoon(sentAt: Date | string | null, maxFrequencySeconds: number, now = Date.now()): string | null {
  if (!sentAt) return null;
  const leftMs = new Date(sentAt).getTime() + maxFrequencySeconds * 1000 - now;
  return leftMs > 0 ? tooSoonMessage(Math.floor(leftMs / 1000)) : null;
}

/** Pure: GoTrue's words for a mail asked for `seconds` too soon. */
export function tooSoonMessage(seconds: number): string {
  return `For security purposes, you can only request this after ${seconds} seconds.`;
}

/**
 * Pure: a mailed link: GoTrue's `{API}/auth/v1/verify?token=…&type=…&redirect_to=…`,
 * redirect_to escaped only when it holds `&`, `=` or `#` (encodeRedirectURL).
 */
export function verifyLink(apiUrl: string, token: string, type: string, redirectTo: string): string {
  const redirect = /[&=#]/.test(redirectTo) ? encodeURIComponent(redirectTo) : redirectTo;
  return `${apiUrl}/auth/v1/verify?token=${encodeURIComponent(token)}&type=${encodeURIComponent(type)}&redirect_to=${redirect}`;
}
