import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';
import type { authMails } from './authMails.ts';
import { otpExpired, storedToken, tokenHash } from './otpTokens.ts';
import type { AuthUserRow } from './userJson.ts';

/** GoTrue asks again for a password change when the session is older than this (api/user.go). */
export const RECENT_SIGN_IN_MS = 24 * 3600 * 1000;
const INVALID_NONCE = 'Nonce has expired or is invalid';

/**
 * GET /reauthenticate (a code mailed to the signed-in user) and the check
 * PUT /user makes of a password change under [auth.email]
 * secure_password_change, as GoTrue's api/reauthenticate.go and user.go.
 */
export function reauthentication(ctx: BackendContext, mails: ReturnType<typeof authMails>) {
  /** GET /reauthenticate: mails the nonce; 422 email_not_confirmed before the address is confirmed. */
  async function request(user: AuthUserRow): Promise<Record<string, unknown>> {
    if (!user.email) throw new AuthError(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.');
    await ctx.db.transaction((tx) => mails.sendReauthentication(tx, user));
    return {};
  }

  /**
   * A session signed in within 24 hours may change the password; an older
   * one needs `nonce`, the code GET /reauthenticate mailed (used up here,
   * even when the change is then refused, as in GoTrue).
   */
  async function checkPasswordChange(user: AuthUserRow, sessionId: string, nonce: unknown): Promise<void> {
    const session = await ctx.db.query<{ created_at: Date }>(`select created_at from auth.sessions where id::text = $1`, [sessionId]);
    const signedIn = session.rows[0]?.created_at;
    if (signedIn && Date.now() <= new Date(signedIn).getTime() + RECENT_SIGN_IN_MS) return;
    if (typeof nonce !== 'string' || nonce === '') throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication');
    const stored = await ctx.db.query<{ reauthentication_token: string | null; reauthentication_sent_at: Date | null }>(
      `select reauthentication_token, reauthentication_sent_at from auth.users where id = $1`,
      [user.id],
    );
    const { reauthentication_token: token, reauthentication_sent_at: sentAt } = stored.rows[0] ?? {};
    if (!token || !sentAt) throw new AuthError(422, 'reauthentication_not_valid', INVALID_NONCE);
    if (otpExpired(sentAt, ctx.config.auth.email.otpExpiry) || storedToken(tokenHash(user.email, nonce)) !== token) {
      throw new AuthError(422, 'reauthentication_not_valid', INVALID_NONCE);
    }
    await ctx.db.query(`update auth.users set reauthentication_token = '' where id = $1`, [user.id]);
  }

  return { request, checkPasswordChange };
}
