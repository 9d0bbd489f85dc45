import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';
import type { authSessions } from './authSessions.ts';
import { checkUserMetadata } from './checkUserMetadata.ts';
import { USER_COLUMNS, type AuthUserRow } from './userJson.ts';

/**
 * POST /signup without email or phone, as GoTrue's SignupAnonymously: with [auth]
 * enable_anonymous_sign_ins a user without email, password or identity (is_anonymous, empty
 * app_metadata) is created and signed in (amr `anonymous`); otherwise 422 anonymous_provider_disabled.
 */
export async function signUpAnonymously(ctx: BackendContext, sessions: ReturnType<typeof authSessions>, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!ctx.config.auth.enableAnonymousSignIns) throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  if (!ctx.config.auth.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? checkUserMetadata(body.data as Record<string, unknown>) : {};
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx.query<AuthUserRow>(
      `insert into auth.users (email, raw_user_meta_data, raw_app_meta_data, is_anonymous) values (null, $1::jsonb, '{}'::jsonb, true) returning ${USER_COLUMNS}`,
      [JSON.stringify(data)],
    );
    return sessions.start(tx, inserted.rows[0], 'anonymous');
  });
}
