import { randomBytes } from 'node:crypto';
import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';
import type { authAccounts } from './authAccounts.ts';
import type { authMails } from './authMails.ts';
import { checkPkceParams } from './pkceFlow.ts';
import { validateEmail } from './validateEmail.ts';

/**
 * POST /otp with an email: a magic link and a code in one mail, as GoTrue's
 * api/otp.go and magic_link.go. An unknown (or unconfirmed) address is
 * signed up first (`create_user`, default true, with `data` as
 * user_metadata): with confirmations on that mail is the sign-up
 * confirmation, which signs in too; with them off the user is confirmed at
 * once and gets the magic link. `create_user: false` for an unknown
 * address: 422 otp_disabled.
 */
export async function sendOtp(
  ctx: BackendContext,
  accounts: ReturnType<typeof authAccounts>,
  mails: ReturnType<typeof authMails>,
  body: Record<string, unknown>,
  redirectTo: string,
): Promise<Record<string, unknown>> {
  const email = typeof body.email === 'string' ? body.email : '';
  const phone = typeof body.phone === 'string' ? body.phone : '';
  if (email !== '' && phone !== '') throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided');
  if (email !== '' && typeof body.channel === 'string' && body.channel !== '') throw new AuthError(400, 'validation_failed', 'Channel should only be specified with Phone OTP');
  const createUser = body.create_user !== false;
  if (!createUser && email !== '' && !(await accounts.findByEmail(validateEmail(email)))) {
    throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp');
  }
  if (phone !== '') throw new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  if (email === '') throw new AuthError(400, 'validation_failed', 'One of email or phone must be set');

  const auth = ctx.config.auth;
  if (!auth.email.enableSignup) throw new AuthError(422, 'email_provider_disabled', 'Email logins are disabled');
  const address = validateEmail(email);
  let user = await accounts.findByEmail(address);
  if (!user || !user.email_confirmed_at) {
    const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? body.data : {};
    if (!user || auth.email.enableConfirmations) {
      // As GoTrue: a sign-up with a random password (never told to anyone).
      await accounts.signUp(
        { email: address, password: randomBytes(24).toString('base64url'), data, code_challenge: body.code_challenge, code_challenge_method: body.code_challenge_method },
        redirectTo,
      );
      if (auth.email.enableConfirmations) return {};
    } else {
      // Confirmations are off now: an address left unconfirmed from before is confirmed, as GoTrue's sign-up does.
      await ctx.db.query(`update auth.users set email_confirmed_at = now(), updated_at = now() where id = $1`, [user.id]);
    }
    user = await accounts.findByEmail(address);
    if (!user) throw new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
  }
  const found = user;
  const pkce = checkPkceParams(body.code_challenge_method, body.code_challenge);
  await ctx.db.transaction(async (tx) => mails.sendRecovery(tx, found, redirectTo, 'magiclink', await accounts.pkceLink(tx, found, pkce, 'magiclink')));
  return {};
}
