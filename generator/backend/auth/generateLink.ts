import { randomBytes } from 'node:crypto';
import bcrypt from './passwordHashing.ts';
import type { BackendContext } from '../BackendContext.ts';
import type { Queryable } from '../Database.ts';
import { DUPLICATE_EMAIL } from './adminUsers.ts';
import { AuthError } from './authError.ts';
import type { authMails } from './authMails.ts';
import { checkPassword } from './checkPassword.ts';
import { checkUserMetadata } from './checkUserMetadata.ts';
import { generateOtp, storedToken, tokenHash, verifyLink } from './otpTokens.ts';
import { USER_COLUMNS, userJson, type AuthUserRow } from './userJson.ts';
import { validateEmail } from './validateEmail.ts';

type Mails = ReturnType<typeof authMails>;
/** Where a link may send people, given the requested redirect_to (authAccounts.redirectTarget). */
type RedirectTarget = (requested: string | null) => string;

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'] as const;

function metadataParam(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? checkUserMetadata(value as Record<string, unknown>) : {};
}

/**
 * POST /admin/generate_link and POST /invite of GoTrue's admin API (api/mail.go, api/invite.go).
 * generate_link stores a link's token as the mailed flows do and answers with it (action_link,
 * email_otp, hashed_token, redirect_to, verification_type and the user) without mailing anything;
 * /invite mails the invitation to the local inbox.
 */
export function adminLinks(ctx: BackendContext, mails: Mails, redirectTarget: RedirectTarget) {
  async function findByEmail(db: Queryable, email: string): Promise<AuthUserRow | null> {
    return (await db.query<AuthUserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email])).rows[0] ?? null;
  }

  /** A new unconfirmed email user (GoTrue's signupNewUser); no password: none is set until they choose one. */
  async function insertUser(db: Queryable, email: string, password: string | null, data: Record<string, unknown>): Promise<AuthUserRow> {
    const hash = password === null ? null : await bcrypt.hash(password, ctx.bcryptCost);
    const inserted = await db.query<AuthUserRow>(
      `insert into auth.users (email, encrypted_password, raw_user_meta_data) values ($1, $2, $3::jsonb) returning ${USER_COLUMNS}`,
      [email, hash, JSON.stringify(data)],
    );
    return inserted.rows[0];
  }

  async function update(db: Queryable, id: string, sql: string, params: unknown[]): Promise<AuthUserRow> {
    return (await db.query<AuthUserRow>(`update auth.users set ${sql} where id = $1 returning ${USER_COLUMNS}`, [id, ...params])).rows[0];
  }

  /** POST /admin/generate_link */
  /** `referrer`: the request's target as GetReferrer chose it (redirect_to header or query, Referer, site_url). */
  async function generateLink(body: Record<string, unknown>, referrer: string): Promise<Record<string, unknown>> {
    const email = validateEmail(body.email);
    let type = typeof body.type === 'string' ? body.type : '';
    // redirect_to of the body wins when allowed (GoTrue's adminGenerateLink).
    const requested = typeof body.redirect_to === 'string' && body.redirect_to !== '' ? body.redirect_to : null;
    const redirectTo = requested !== null && redirectTarget(requested) === requested ? requested : referrer;
    const data = metadataParam(body.data);
    let password = typeof body.password === 'string' ? body.password : '';
    const existing = await findByEmail(ctx.db, email);
    if (!existing) {
      if (type === 'magiclink') {
        // A magic link to an unknown address signs up a user with a password nobody knows.
        type = 'signup';
        password = randomBytes(48).toString('base64');
      } else if (type === 'recovery' || type === 'email_change_current' || type === 'email_change_new') {
        throw new AuthError(404, 'user_not_found', 'User with this email not found');
      }
    }
    if (!(LINK_TYPES as readonly string[]).includes(type)) throw new AuthError(400, 'validation_failed', `Invalid email action link type requested: ${type}`);
    if (type === 'signup' && !existing) checkPassword(password, ctx.config.auth.minimumPasswordLength);
    const otp = generateOtp(ctx.config.auth.email.otpLength);
    const hashed = tokenHash(email, otp);

    const outcome = await ctx.db.transaction(async (tx) => {
      let user = existing;
      let linkToken = hashed;
      let linkType = type;
      switch (type) {
        case 'magiclink':
        case 'recovery':
          user = await update(tx, user!.id, 'recovery_token = $2, recovery_sent_at = now()', [storedToken(hashed)]);
          break;
        case 'invite':
        case 'signup': {
          if (user?.email_confirmed_at) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
          if (!user) user = await insertUser(tx, email, type === 'signup' ? password : null, data);
          else if (type === 'signup') user = await update(tx, user.id, `raw_user_meta_data = raw_user_meta_data || $2::jsonb`, [JSON.stringify(data)]);
          const invited = type === 'invite' ? ', invited_at = now()' : '';
          user = await update(tx, user.id, `confirmation_token = $2, confirmation_sent_at = now()${invited}`, [storedToken(hashed)]);
          break;
        }
        default: {
          // email_change_current / email_change_new: the link confirms the change on that side.
          if (type === 'email_change_current' && !ctx.config.auth.email.doubleConfirmChanges) {
            throw new AuthError(400, 'validation_failed', 'Enable secure email change to generate link for current email');
          }
          const newEmail = validateEmail(body.new_email);
          const taken = await tx.query(`select 1 from auth.users where lower(email) = $1 and id <> $2`, [newEmail, user!.id]);
          if (taken.rows.length) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
          linkType = 'email_change';
          if (type === 'email_change_new') linkToken = tokenHash(newEmail, otp);
          const column = type === 'email_change_current' ? 'email_change_token_current' : 'email_change_token_new';
          user = await update(tx, user!.id, `email_change = $2, ${column} = $3, email_change_confirm_status = 0, email_change_sent_at = now()`, [
            newEmail,
            storedToken(linkToken),
          ]);
        }
      }
      return { user: user!, link: verifyLink(ctx.apiUrl(), linkToken, linkType, redirectTo) };
    });
    return {
      ...userJson(outcome.user),
      action_link: outcome.link,
      email_otp: otp,
      hashed_token: hashed,
      verification_type: type,
      redirect_to: redirectTo,
    };
  }

  /** POST /invite: a new user (or an unconfirmed one) gets the invitation mail; a confirmed address is 422 email_exists. */
  async function invite(body: Record<string, unknown>, referrer: string): Promise<Record<string, unknown>> {
    const email = validateEmail(body.email);
    const data = metadataParam(body.data);
    const row = await ctx.db.transaction(async (tx) => {
      const existing = await findByEmail(tx, email);
      if (existing?.email_confirmed_at) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
      const user = existing ?? (await insertUser(tx, email, null, data));
      return mails.sendInvite(tx, user, referrer);
    });
    return userJson(row);
  }

  return { generateLink, invite };
}
