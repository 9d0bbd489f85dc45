import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';
import type { authSessions } from './authSessions.ts';
import { USER_COLUMNS, userJson, type AuthUserRow } from './userJson.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CONFIRMATION_LIFETIME_MS = 24 * 3600 * 1000;

type Sessions = ReturnType<typeof authSessions>;

/** Accounts of the embedded auth server: sign-up, confirmation, password sign-in, user updates. */
export function authAccounts(ctx: BackendContext, sessions: Sessions) {
  const auth = ctx.config.auth;

  function checkPassword(password: unknown): string {
    if (typeof password !== 'string' || password === '') throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
    if (password.length < auth.minimumPasswordLength) {
      throw new AuthError(422, 'weak_password', `Password should be at least ${auth.minimumPasswordLength} characters.`, {
        weak_password: { reasons: ['length'] },
      });
    }
    return password;
  }

  function checkEmail(email: unknown): string {
    if (typeof email !== 'string' || email.trim() === '') throw new AuthError(400, 'validation_failed', 'To signup, please provide your email');
    const trimmed = email.trim().toLowerCase();
    if (!EMAIL.test(trimmed) || trimmed.length > 255) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    return trimmed;
  }

  /** Where a confirmation link may send people: site_url, additional_redirect_urls, or any local address. */
  function redirectTarget(requested: string | null): string {
    if (!requested) return auth.siteUrl;
    try {
      const url = new URL(requested);
      const local = url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === 'localhost');
      const listed = [auth.siteUrl, ...auth.additionalRedirectUrls].some((allowed) => {
        const a = new URL(allowed);
        return a.origin === url.origin && url.pathname.startsWith(a.pathname.replace(/\/$/, '') || '/');
      });
      return local || listed ? requested : auth.siteUrl;
    } catch {
      return auth.siteUrl;
    }
  }

  /** POST /signup */
  async function signUp(body: Record<string, unknown>, redirectTo: string | null): Promise<Record<string, unknown>> {
    if (!auth.enableSignup || !auth.email.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const email = checkEmail(body.email);
    const password = checkPassword(body.password);
    const existing = await ctx.db.query(`select 1 from auth.users where lower(email) = $1`, [email]);
    if (existing.rows.length) throw new AuthError(422, 'user_already_exists', 'User already registered');
    const hash = await bcrypt.hash(password, ctx.bcryptCost);
    const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? body.data : {};
    const confirm = auth.email.enableConfirmations;
    const token = randomBytes(24).toString('base64url');
    const inserted = await ctx.db.query<AuthUserRow>(
      `insert into auth.users (email, encrypted_password, raw_user_meta_data, email_confirmed_at, confirmation_token, confirmation_sent_at)
       values ($1, $2, $3::jsonb, ${confirm ? 'null' : 'now()'}, $4, ${confirm ? 'now()' : 'null'})
       returning ${USER_COLUMNS}`,
      [email, hash, JSON.stringify(data), confirm ? hashToken(token) : null],
    );
    const user = inserted.rows[0];
    if (!confirm) return sessions.issue(ctx.db, user);
    const link = `${ctx.apiUrl()}/auth/v1/verify?token=${token}&type=signup&redirect_to=${encodeURIComponent(redirectTarget(redirectTo))}`;
    ctx.log(`Confirm the sign-up of ${email}: ${link}`);
    return userJson(user);
  }

  /** GET or POST /verify for type=signup: confirms the address and signs the user in. */
  async function verifySignup(token: unknown): Promise<Record<string, unknown>> {
    if (typeof token !== 'string' || token === '') throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
    const found = await ctx.db.query<AuthUserRow>(
      `update auth.users set email_confirmed_at = now(), confirmation_token = null, updated_at = now(), last_sign_in_at = now()
        where confirmation_token = $1 and confirmation_sent_at > $2
        returning ${USER_COLUMNS}`,
      [hashToken(token), new Date(Date.now() - CONFIRMATION_LIFETIME_MS)],
    );
    if (!found.rows[0]) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
    return sessions.issue(ctx.db, found.rows[0]);
  }

  /** POST /token?grant_type=password */
  async function signInWithPassword(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const found = await ctx.db.query<AuthUserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email]);
    const user = found.rows[0];
    if (!user || !user.encrypted_password || !(await bcrypt.compare(password, user.encrypted_password))) {
      throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    const updated = await ctx.db.query<AuthUserRow>(
      `update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`,
      [user.id],
    );
    return sessions.issue(ctx.db, updated.rows[0]);
  }

  /** PUT /user: password, email or user_metadata (data). */
  async function updateUser(user: AuthUserRow, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    let row = user;
    if (body.password !== undefined) {
      const password = checkPassword(body.password);
      if (row.encrypted_password && (await bcrypt.compare(password, row.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      const hash = await bcrypt.hash(password, ctx.bcryptCost);
      row = (await ctx.db.query<AuthUserRow>(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1 returning ${USER_COLUMNS}`, [row.id, hash])).rows[0];
    }
    if (body.email !== undefined) {
      const email = checkEmail(body.email);
      const taken = await ctx.db.query(`select 1 from auth.users where lower(email) = $1 and id <> $2`, [email, row.id]);
      if (taken.rows.length) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      row = (await ctx.db.query<AuthUserRow>(`update auth.users set email = $2, updated_at = now() where id = $1 returning ${USER_COLUMNS}`, [row.id, email])).rows[0];
    }
    if (typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data)) {
      row = (
        await ctx.db.query<AuthUserRow>(
          `update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
          [row.id, JSON.stringify(body.data)],
        )
      ).rows[0];
    }
    return userJson(row);
  }

  return { signUp, verifySignup, signInWithPassword, updateUser, redirectTarget };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
