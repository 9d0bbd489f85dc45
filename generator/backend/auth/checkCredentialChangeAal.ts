import type { Queryable } from '../Database.ts';
import { AuthError } from './authError.ts';

/**
 * GoTrue's rule for PUT /user: once a user has a verified factor, a new
 * password or email needs an aal2 sign-in, so a stolen password alone cannot
 * take the account over. Otherwise 401 insufficient_aal.
 */
export async function checkCredentialChangeAal(db: Queryable, userId: string, aal: string): Promise<void> {
  if (aal === 'aal2') return;
  const verified = await db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [userId]);
  if (verified.rows.length > 0) {
    throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.');
  }
}
