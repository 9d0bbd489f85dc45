import type { Queryable } from '../Database.ts';
import { AuthError } from './authError.ts';
import { USER_COLUMNS, type AuthUserRow } from './userJson.ts';

/** GoTrue's answer to the first of two confirmations of an email change (api/verify.go). */
export const SINGLE_CONFIRMATION_ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

export interface EmailChangeTokens {
  email_change_token_current: string | null;
  email_change_token_new: string | null;
  email_change_confirm_status: number | null;
}

/**
 * Applies a verified email-change link or code (`stored`: the token as
 * auth.users keeps it), as GoTrue's emailChangeVerify: with
 * double_confirm_changes, confirmations on and a current address, the first
 * of the two links only marks one side confirmed (null: the caller answers
 * SINGLE_CONFIRMATION_ACCEPTED); the second, or the only one otherwise,
 * makes the new address the user's, confirmed.
 */
export async function applyEmailChange(
  tx: Queryable,
  user: AuthUserRow & EmailChangeTokens,
  stored: string,
  options: { doubleConfirmChanges: boolean; enableConfirmations: boolean },
): Promise<AuthUserRow | null> {
  if (options.enableConfirmations && options.doubleConfirmChanges && (user.email_change_confirm_status ?? 0) === 0 && user.email) {
    const side = stored === user.email_change_token_current ? 'email_change_token_current' : 'email_change_token_new';
    await tx.query(`update auth.users set email_change_confirm_status = 1, ${side} = '', updated_at = now() where id = $1`, [user.id]);
    return null;
  }
  try {
    const changed = await tx.query<AuthUserRow>(
      `update auth.users
          set email = email_change, email_change = '', email_change_token_current = '', email_change_token_new = '',
              email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
        where id = $1
        returning ${USER_COLUMNS}`,
      [user.id],
    );
    return changed.rows[0];
  } catch (error) {
    // Another account took the address between the request and its confirmation.
    if ((error as { code?: string }).code === '23505') {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    throw error;
  }
}
