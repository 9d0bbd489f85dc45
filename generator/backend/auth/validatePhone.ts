import { AuthError } from './authError.ts';

const E164 = /^[1-9]\d{1,14}$/;

/**
 * Pure: GoTrue's validatePhone (api/phone.go): spaces and a leading `+` dropped, then E.164 digits,
 * or 400 validation_failed. The embedded server has no phone sign-ins; this only gives the same
 * answer to a malformed number.
 */
export function validatePhone(phone: string): string {
  const formatted = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!E164.test(formatted)) throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
  return formatted;
}
