import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';
import type { authAccounts } from './authAccounts.ts';
import type { authMails } from './authMails.ts';
import { checkPkceParams } from './pkceFlow.ts';
import { validateEmail } from './validateEmail.ts';

/**
 * POST /recover: mails a password-reset link (type recovery) and code, as
 * GoTrue's api/recover.go. An unknown address gets the same 200 `{}` as a
 * known one, so the answer does not tell which addresses have accounts.
 */
export async function recoverPassword(
  ctx: BackendContext,
  accounts: ReturnType<typeof authAccounts>,
  mails: ReturnType<typeof authMails>,
  body: Record<string, unknown>,
  redirectTo: string,
): Promise<Record<string, unknown>> {
  if (!ctx.config.auth.email.enableSignup) throw new AuthError(400, 'email_provider_disabled', 'Email logins are disabled');
  if (body.email === undefined || body.email === '') throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
  const user = await accounts.findByEmail(validateEmail(body.email));
  if (!user) return {};
  const pkce = checkPkceParams(body.code_challenge_method, body.code_challenge);
  await ctx.db.transaction(async (tx) => mails.sendRecovery(tx, user, redirectTo, 'recovery', await accounts.pkceLink(tx, user, pkce, 'recovery')));
  return {};
}
