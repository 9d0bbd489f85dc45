import { AuthError } from './authError.ts';

/** bcrypt reads only the first 72 bytes of a password; GoTrue refuses longer ones (internal/api/password.go). */
export const MAX_PASSWORD_BYTES = 72;

/**
 * Pure: GoTrue's checks of a new password (sign-up and PUT /user), in its
 * order and with its answers. Lengths are counted in UTF-8 bytes, as Go's
 * len() counts them.
 */
export function checkPassword(password: unknown, minimumLength: number): string {
  if (typeof password !== 'string' || password === '') throw new AuthError(400, 'validation_failed', 'Signup requires a valid password');
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > MAX_PASSWORD_BYTES) {
    throw new AuthError(400, 'validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
  }
  if (bytes < minimumLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${minimumLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  return password;
}
