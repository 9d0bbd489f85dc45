import { readFileSync } from 'node:fs';
import type { BackendContext } from '../BackendContext.ts';
import type { Queryable } from '../Database.ts';
import { DEFAULT_MAIL_TEMPLATES } from '../mail/defaultMailTemplates.ts';
import { renderMailTemplate, type MailTemplateData } from '../mail/renderMailTemplate.ts';
import type { MailTemplateKind } from '../readSupabaseConfig.ts';
import { AuthError } from './authError.ts';
import type { authRateLimits } from './authRateLimits.ts';
import { arrivedAt } from './requestArrival.ts';
import { generateOtp, storedToken, tokenHash, tooSoon, tooSoonMessage, verifyLink } from './otpTokens.ts';
import { USER_COLUMNS, type AuthUserRow } from './userJson.ts';

type Limits = ReturnType<typeof authRateLimits>;
type SentAtColumn = 'confirmation_sent_at' | 'recovery_sent_at' | 'reauthentication_sent_at' | 'email_change_sent_at';

/**
 * Sends the auth server's mails as GoTrue's api/mail.go does: one address
 * gets one mail of a kind per [auth.email] max_frequency (429 with the
 * seconds left), mails count against [auth.rate_limit] email_sent when
 * [auth.email.smtp] is enabled and confirmations are on (GoTrue skips that count when it autoconfirms), a
 * fresh `otp_length`-digit code per mail whose token hash is the link's
 * token. The mail goes to the local inbox; its link is printed too.
 * Each send stores the token and the time before the mail is delivered, on
 * `db` (a transaction, so a refused mail leaves nothing behind), in one
 * conditional update that judges a request by when it arrived, so that
 * concurrent requests on either engine send one mail (`claim`).
 */
export function authMails(ctx: BackendContext, limits: Limits) {
  const email = ctx.config.auth.email;

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

  /**
   * Stores a mail's token and its time in one conditional update, so that one address gets one mail per
   * max_frequency however many requests ask at once: a request passes only if the last mail was sent
   * max_frequency or more before it arrived (requestArrival.ts). Requests that arrived together are
   * judged alike however long each waited (a password hashed, the row lock of another's update, PGlite's
   * one connection): the first sends, the others answer 429 with the seconds left, as GoTrue words it.
   * The time stored is when this mail is claimed, by the backend's own clock, which every other check
   * of a mail's age reads too (the seconds left, a link's expiry). The mail limit is counted after, on
   * `db`: a transaction, so a refused mail undoes the update.
   */
  async function claim(db: Queryable, user: AuthUserRow, sentAt: SentAtColumn, sql: string, params: unknown[]): Promise<AuthUserRow> {
    const next = params.length + 2;
    const claimed = await db.query<AuthUserRow>(
      `update auth.users set ${sql}, ${sentAt} = $${next + 1}::timestamptz
        where id = $1 and (${sentAt} is null or ${sentAt} + $${next}::double precision * interval '1 second' <= $${next + 2}::timestamptz)
        returning ${USER_COLUMNS}`,
      [user.id, ...params, email.maxFrequency, new Date().toISOString(), arrivedAt().toISOString()],
    );
    if (!claimed.rows[0]) {
      const current = await db.query<Record<SentAtColumn, Date | null>>(`select ${sentAt} from auth.users where id = $1`, [user.id]);
      throw new AuthError(429, 'over_email_send_rate_limit', tooSoon(current.rows[0]?.[sentAt] ?? null, email.maxFrequency) ?? tooSoonMessage(0));
    }
    checkMailLimit();
    return claimed.rows[0];
  }

  /**
   * The sign-up confirmation (type signup, template confirmation). `tokenPrefix` 'pkce_' marks the link
   * of a PKCE sign-up, as GoTrue's flow prefix does: following it redirects with ?code=.
   */
  async function sendConfirmation(db: Queryable, user: AuthUserRow, redirectTo: string, tokenPrefix = ''): Promise<AuthUserRow> {
    const code = newCode(user.email);
    const hash = tokenPrefix + code.hash;
    const row = await claim(db, user, 'confirmation_sent_at', 'confirmation_token = $2', [storedToken(hash)]);
    deliver('confirmation', 'signup', user.email, linkData(user, code.otp, hash, 'signup', redirectTo));
    return row;
  }

  /** An invitation (POST /invite, type invite, template invite): confirming it signs the user in. */
  async function sendInvite(db: Queryable, user: AuthUserRow, redirectTo: string): Promise<AuthUserRow> {
    checkMailLimit();
    const code = newCode(user.email);
    // No max_frequency here, as GoTrue's sendInvite.
    const updated = await db.query<AuthUserRow>(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = now() where id = $1 returning ${USER_COLUMNS}`,
      [user.id, storedToken(code.hash)],
    );
    const row = updated.rows[0];
    deliver('invite', 'invite', user.email, linkData(user, code.otp, code.hash, 'invite', redirectTo));
    return row;
  }

  /** A magic link or a password reset: both use recovery_token and recovery_sent_at, as in GoTrue; `tokenPrefix` as in sendConfirmation. */
  async function sendRecovery(db: Queryable, user: AuthUserRow, redirectTo: string, type: 'magiclink' | 'recovery', tokenPrefix = ''): Promise<AuthUserRow> {
    const code = newCode(user.email);
    const hash = tokenPrefix + code.hash;
    const row = await claim(db, user, 'recovery_sent_at', 'recovery_token = $2', [storedToken(hash)]);
    deliver(type === 'magiclink' ? 'magic_link' : 'recovery', type, user.email, linkData(user, code.otp, hash, type, redirectTo));
    return row;
  }

  /** The code GET /reauthenticate mails: the nonce of a password change. */
  async function sendReauthentication(db: Queryable, user: AuthUserRow): Promise<AuthUserRow> {
    const { otp, hash } = newCode(user.email);
    const row = await claim(db, user, 'reauthentication_sent_at', 'reauthentication_token = $2', [storedToken(hash)]);
    deliver('reauthentication', 'reauthenticate', user.email, { Email: user.email, Token: otp, Data: user.raw_user_meta_data });
    return row;
  }

  /**
   * An email change: a link to the new address and, with
   * double_confirm_changes, one to the current address too (each with its
   * own code); both addresses must confirm.
   */
  async function sendEmailChange(db: Queryable, user: AuthUserRow, newEmail: string, redirectTo: string): Promise<AuthUserRow> {
    const next = newCode(newEmail);
    const current = email.doubleConfirmChanges && user.email ? newCode(user.email) : null;
    const row = await claim(
      db,
      user,
      'email_change_sent_at',
      `email_change = $2, email_change_token_new = $3, email_change_token_current = $4, email_change_confirm_status = 0`,
      [newEmail, storedToken(next.hash), current ? storedToken(current.hash) : ''],
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
