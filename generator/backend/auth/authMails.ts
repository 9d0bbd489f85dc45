import { readFileSync } from 'node:fs';
import type { BackendContext } from '../BackendContext.ts';
import type { Queryable } from '../Database.ts';
import { DEFAULT_MAIL_TEMPLATES } from '../mail/defaultMailTemplates.ts';
import { renderMailTemplate, type MailTemplateData } from '../mail/renderMailTemplate.ts';
import type { MailTemplateKind } from '../readSupabaseConfig.ts';
import { AuthError } from './authError.ts';
import type { authRateLimits } from './authRateLimits.ts';
import { generateOtp, storedToken, tokenHash, tooSoon, verifyLink } from './otpTokens.ts';
import { USER_COLUMNS, type AuthUserRow } from './userJson.ts';

type Limits = ReturnType<typeof authRateLimits>;

/**
 * Sends the auth server's mails as GoTrue's api/mail.go does: one address
 * gets one mail of a kind per [auth.email] max_frequency (429 with the
 * seconds left), mails count against [auth.rate_limit] email_sent when
 * [auth.email.smtp] is enabled and confirmations are on (GoTrue skips that count when it autoconfirms), a
 * fresh `otp_length`-digit code per mail whose token hash is the link's
 * token. The mail goes to the local inbox; its link is printed too.
 * Each send stores the token and the time before the mail is delivered, on
 * `db` (a transaction, so a refused mail leaves nothing behind).
 */
export function authMails(ctx: BackendContext, limits: Limits) {
  const email = ctx.config.auth.email;

  function checkFrequency(sentAt: Date | null): void {
    const wait = tooSoon(sentAt, email.maxFrequency);
    if (wait) throw new AuthError(429, 'over_email_send_rate_limit', wait);
  }

  function checkMailLimit(): void {
    // email_sent counts only mail that leaves through SMTP; the local inbox alone takes any number.
    if (email.smtpEnabled && (ctx.config.auth.rateLimit.emailSent === 0 || email.enableConfirmations)) limits.checkMail();
  }

  function deliver(kind: MailTemplateKind, type: string, to: string, data: Omit<MailTemplateData, 'SiteURL'>): void {
    const template = templateOf(kind);
    const full: MailTemplateData = { SiteURL: ctx.config.auth.siteUrl, ...data };
    const subject = renderMailTemplate(template.subject, full);
    const body = renderMailTemplate(template.body, full);
    for (const action of [...subject.unsupported, ...body.unsupported]) ctx.log(`mail template ${kind}: ${action} is not supported here and was left out`);
    const { adminEmail, senderName } = ctx.config.inbucket;
    ctx.mailbox.deliver({ from: { Name: senderName, Address: adminEmail }, to: [{ Name: '', Address: to }], subject: subject.text, html: body.text, type });
    if (type === 'signup') ctx.log(`Confirm the sign-up of ${to}: ${data.ConfirmationURL}`);
    else ctx.log(`Mail to ${to}: ${subject.text}${data.ConfirmationURL ? ` ${data.ConfirmationURL}` : ''}`);
  }

  /** config.toml's subject and content_path where set (the file read at each mail, so edits show at once), else GoTrue's. */
  function templateOf(kind: MailTemplateKind): { subject: string; body: string } {
    const custom = email.templates[kind] ?? {};
    let body = DEFAULT_MAIL_TEMPLATES[kind].body;
    if (custom.contentPath) {
      try {
        body = readFileSync(custom.contentPath, 'utf8');
      } catch (error) {
        ctx.log(`mail template ${kind}: ${custom.contentPath} could not be read (${(error as Error).message}); GoTrue's default body is used`);
      }
    }
    return { subject: custom.subject ?? DEFAULT_MAIL_TEMPLATES[kind].subject, body };
  }

  /** A code and its token hash for `address`. */
  function newCode(address: string): { otp: string; hash: string } {
    const otp = generateOtp(email.otpLength);
    return { otp, hash: tokenHash(address, otp) };
  }

  async function update(db: Queryable, sql: string, params: unknown[]): Promise<AuthUserRow> {
    return (await db.query<AuthUserRow>(`update auth.users set ${sql} where id = $1 returning ${USER_COLUMNS}`, params)).rows[0];
  }

  /**
   * The sign-up confirmation (type signup, template confirmation). `tokenPrefix` 'pkce_' marks the link
   * of a PKCE sign-up, as GoTrue's flow prefix does: following it redirects with ?code=.
   */
  async function sendConfirmation(db: Queryable, user: AuthUserRow, redirectTo: string, tokenPrefix = ''): Promise<AuthUserRow> {
    checkFrequency(user.confirmation_sent_at);
    checkMailLimit();
    const code = newCode(user.email);
    const hash = tokenPrefix + code.hash;
    const row = await update(db, 'confirmation_token = $2, confirmation_sent_at = now()', [user.id, storedToken(hash)]);
    deliver('confirmation', 'signup', user.email, linkData(user, code.otp, hash, 'signup', redirectTo));
    return row;
  }

  /** An invitation (POST /invite, type invite, template invite): confirming it signs the user in. */
  async function sendInvite(db: Queryable, user: AuthUserRow, redirectTo: string): Promise<AuthUserRow> {
    checkMailLimit();
    const code = newCode(user.email);
    const row = await update(db, 'confirmation_token = $2, confirmation_sent_at = now(), invited_at = now()', [user.id, storedToken(code.hash)]);
    deliver('invite', 'invite', user.email, linkData(user, code.otp, code.hash, 'invite', redirectTo));
    return row;
  }

  /** A magic link or a password reset: both use recovery_token and recovery_sent_at, as in GoTrue; `tokenPrefix` as in sendConfirmation. */
  async function sendRecovery(db: Queryable, user: AuthUserRow, redirectTo: string, type: 'magiclink' | 'recovery', tokenPrefix = ''): Promise<AuthUserRow> {
    checkFrequency(user.recovery_sent_at);
    checkMailLimit();
    const code = newCode(user.email);
    const hash = tokenPrefix + code.hash;
    const row = await update(db, 'recovery_token = $2, recovery_sent_at = now()', [user.id, storedToken(hash)]);
    deliver(type === 'magiclink' ? 'magic_link' : 'recovery', type, user.email, linkData(user, code.otp, hash, type, redirectTo));
    return row;
  }

  /** The code GET /reauthenticate mails: the nonce of a password change. */
  async function sendReauthentication(db: Queryable, user: AuthUserRow): Promise<AuthUserRow> {
    checkFrequency(user.reauthentication_sent_at);
    checkMailLimit();
    const { otp, hash } = newCode(user.email);
    const row = await update(db, 'reauthentication_token = $2, reauthentication_sent_at = now()', [user.id, storedToken(hash)]);
    deliver('reauthentication', 'reauthenticate', user.email, { Email: user.email, Token: otp, Data: user.raw_user_meta_data });
    return row;
  }

  /**
   * An email change: a link to the new address and, with
   * double_confirm_changes, one to the current address too (each with its
   * own code); both addresses must confirm.
   */
  async function sendEmailChange(db: Queryable, user: AuthUserRow, newEmail: string, redirectTo: string): Promise<AuthUserRow> {
    checkFrequency(user.email_change_sent_at);
    checkMailLimit();
    const next = newCode(newEmail);
    const current = email.doubleConfirmChanges && user.email ? newCode(user.email) : null;
    const row = await update(
      db,
      `email_change = $2, email_change_token_new = $3, email_change_token_current = $4, email_change_confirm_status = 0, email_change_sent_at = now()`,
      [user.id, newEmail, storedToken(next.hash), current ? storedToken(current.hash) : ''],
    );
    const mails = [{ to: newEmail, code: next }, ...(current ? [{ to: user.email, code: current }] : [])];
    for (const mail of mails) {
      deliver('email_change', 'email_change', mail.to, {
        ...linkData(user, mail.code.otp, mail.code.hash, 'email_change', redirectTo),
        NewEmail: newEmail,
        SendingTo: mail.to,
      });
    }
    return row;
  }

  function linkData(user: AuthUserRow, otp: string, hash: string, type: string, redirectTo: string): Omit<MailTemplateData, 'SiteURL'> {
    return {
      ConfirmationURL: verifyLink(ctx.apiUrl(), hash, type, redirectTo),
      Email: user.email,
      Token: otp,
      TokenHash: hash,
      Data: user.raw_user_meta_data,
      RedirectTo: redirectTo,
    };
  }

  return { sendConfirmation, sendInvite, sendRecovery, sendReauthentication, sendEmailChange };
}
