import { AuthError } from './authError.ts';

/** The format GoTrue checks with (github.com/badoux/checkmail ValidateFormat): ASCII local part, dotted host labels. */
const EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** Pure: GoTrue's validateEmail (api/mail.go) of /otp, /recover, /resend and /verify: the address lower-cased, or 400 validation_failed. */
export function validateEmail(email: unknown): string {
  if (email === undefined || email === null || email === '') throw new AuthError(400, 'validation_failed', 'An email address is required');
  if (typeof email !== 'string') throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: email must be a string');
  if (email.length > 255) throw new AuthError(400, 'validation_failed', 'An email address is too long');
  if (!EMAIL.test(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}
