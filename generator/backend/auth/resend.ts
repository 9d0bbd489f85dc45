import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';
import type { authAccounts } from './authAccounts.ts';
import type { authMails } from './authMails.ts';
import { validateEmail } from './validateEmail.ts';

/**
 * POST /resend for type signup (the confirmation of an unconfirmed address)
 * and email_change (the links of a pending change), as GoTrue's
 * api/resend.go; nothing to resend, or an unknown address, answers 200 `{}`.
 */
export async function resendMail(
  ctx: BackendContext,
  accounts: ReturnType<typeof authAccounts>,
  mails: ReturnType<typeof authMails>,
  body: Record<string, unknown>,
  redirectTo: string,
): Promise<Record<string, unknown>> {
  const type = body.type;
  const email = typeof body.email === 'string' ? body.email : '';
  const phone = typeof body.phone === 'string' ? body.phone : '';
  if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
    throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (email === '' && type === 'signup') throw new AuthError(400, 'validation_failed', 'Type provided requires an email address');
  if (phone === '' && type === 'sms') throw new AuthError(400, 'validation_failed', 'Type provided requires a phone number');
  if (email !== '' && phone !== '') throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided.');
  if (phone !== '') throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled');
  if (email === '') throw new AuthError(400, 'validation_failed', 'Missing email address or phone number');
  if (!ctx.config.auth.email.enableSignup) throw new AuthError(400, 'email_provider_disabled', 'Email logins are disabled');
  const user = await accounts.findByEmail(validateEmail(email));
  if (!user) return {};
  if (type === 'signup') {
    if (user.email_confirmed_at) return {};
    await ctx.db.transaction((tx) => mails.sendConfirmation(tx, user, redirectTo));
  } else if (type === 'email_change') {
    if (!user.email_change) return {};
    await ctx.db.transaction((tx) => mails.sendEmailChange(tx, user, user.email_change!, redirectTo));
  }
  return {};
}
