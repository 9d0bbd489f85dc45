import { createHash, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';
import type { authRateLimits } from './authRateLimits.ts';
import type { authSessions } from './authSessions.ts';
import { checkPassword as checkPasswordRules, MAX_PASSWORD_BYTES } from './checkPassword.ts';
import { checkUserMetadata } from './checkUserMetadata.ts';
import { checkPkceParams, PKCE_PREFIX, pkceFlow } from './pkceFlow.ts';
import { USER_COLUMNS, userJson, type AuthUserRow } from './userJson.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const CONFIRMATION_LIFETIME_MS = 24 * 3600 * 1000;

type Sessions = ReturnType<typeof authSessions>;
type Limits = ReturnType<typeof authRateLimits>;
type Pkce = ReturnType<typeof checkPkceParams>;

/** Accounts of the embedded auth server: sign-up, confirmation, password sign-in, user updates. */
export function authAccounts(ctx: BackendContext, sessions: Sessions, limits: Limits) {
  const auth = ctx.config.auth;
  const pkceFlows = pkceFlow(ctx, sessions);
  // Compared against when the email is unknown, so that answer takes as long as a wrong password.
  let dummyHash: Promise<string> | null = null;
  const dummy = () => (dummyHash ??= bcrypt.hash(randomBytes(18).toString('base64'), ctx.bcryptCost));
  void dummy();

  const checkPassword = (password: unknown) => checkPasswordRules(password, auth.minimumPasswordLength);

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
    const data = checkUserMetadata(typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {});
    const pkce = checkPkceParams(body.code_challenge_method, body.code_challenge);
    const existing = await findByEmail(email);
    if (existing) return signUpAgain(existing, redirectTo, pkce);
    const hash = await bcrypt.hash(password, ctx.bcryptCost);
    const confirm = auth.email.enableConfirmations;
    if (confirm) limits.checkMail();
    const token = randomBytes(24).toString('base64url');
    let user: AuthUserRow;
    try {
      const inserted = await ctx.db.query<AuthUserRow>(
        `insert into auth.users (email, encrypted_password, raw_user_meta_data, email_confirmed_at, confirmation_token, confirmation_sent_at)
         values ($1, $2, $3::jsonb, ${confirm ? 'null' : 'now()'}, $4, ${confirm ? 'now()' : 'null'})
         returning ${USER_COLUMNS}`,
        [email, hash, JSON.stringify(data), confirm ? hashToken(token) : null],
      );
      user = inserted.rows[0];
    } catch (error) {
      // A parallel sign-up of the same address won the unique index (users_email_partial_key).
      const winner = (error as { code?: string }).code === '23505' ? await findByEmail(email) : null;
      if (winner) return signUpAgain(winner, redirectTo, pkce);
      throw error;
    }
    if (!confirm) return sessions.issue(ctx.db, user);
    await printConfirmationLink(user, token, redirectTo, pkce);
    return userJson(user);
  }

  /**
   * A sign-up of a registered address: 422 user_already_exists, unless
   * confirmations are on and the address is unconfirmed; then GoTrue sends
   * the confirmation again, at most once per [auth.email] max_frequency.
   */
  async function signUpAgain(user: AuthUserRow, redirectTo: string | null, pkce: Pkce): Promise<Record<string, unknown>> {
    if (!auth.email.enableConfirmations || user.email_confirmed_at) throw new AuthError(422, 'user_already_exists', 'User already registered');
    if (user.confirmation_sent_at) {
      const leftMs = new Date(user.confirmation_sent_at).getTime() + auth.email.maxFrequency * 1000 - Date.now();
      if (leftMs > 0) {
        throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${Math.floor(leftMs / 1000)} seconds.`);
      }
    }
    limits.checkMail();
    const token = randomBytes(24).toString('base64url');
    const updated = await ctx.db.query<AuthUserRow>(
      `update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1 returning ${USER_COLUMNS}`,
      [user.id, hashToken(token)],
    );
    await printConfirmationLink(user, token, redirectTo, pkce);
    return userJson(updated.rows[0]);
  }

  /** With PKCE a flow state is stored and the link's token carries the pkce_ prefix (it then redirects with ?code=). */
  async function printConfirmationLink(user: AuthUserRow, token: string, redirectTo: string | null, pkce: Pkce): Promise<void> {
    if (pkce) await pkceFlows.createFlowState(ctx.db, user.id, 'email/signup', pkce);
    const linkToken = pkce ? `${PKCE_PREFIX}${token}` : token;
    const link = `${ctx.apiUrl()}/auth/v1/verify?token=${linkToken}&type=signup&redirect_to=${encodeURIComponent(redirectTarget(redirectTo))}`;
    ctx.log(`Confirm the sign-up of ${user.email}: ${link}`);
  }

  async function findByEmail(email: string): Promise<AuthUserRow | null> {
    const found = await ctx.db.query<AuthUserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email]);
    return found.rows[0] ?? null;
  }

  /** GET or POST /verify for type=signup: confirms the address and signs the user in. */
  async function verifySignup(token: unknown): Promise<Record<string, unknown>> {
    return sessions.issue(ctx.db, await confirmSignup(token), 'otp');
  }

  /** Confirms the address of a sign-up token (with or without the pkce_ prefix); the user, not yet signed in. */
  async function confirmSignup(token: unknown): Promise<AuthUserRow> {
    if (typeof token === 'string' && token.startsWith(PKCE_PREFIX)) token = token.slice(PKCE_PREFIX.length);
    if (typeof token !== 'string' || token === '') throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
    const found = await ctx.db.query<AuthUserRow>(
      `update auth.users set email_confirmed_at = now(), confirmation_token = null, updated_at = now(), last_sign_in_at = now()
        where confirmation_token = $1 and confirmation_sent_at > $2
        returning ${USER_COLUMNS}`,
      [hashToken(token), new Date(Date.now() - CONFIRMATION_LIFETIME_MS)],
    );
    if (!found.rows[0]) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
    return found.rows[0];
  }

  /** POST /token?grant_type=password */
  async function signInWithPassword(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const user = await findByEmail(email);
    // One bcrypt comparison whether or not the address is known, so the time of the answer does not tell.
    const hash = user?.encrypted_password ?? (await dummy());
    const matches = await bcrypt.compare(password, hash);
    // bcrypt ignores what follows byte 72, and no password that long can be set: it never matches.
    if (!user?.encrypted_password || !matches || Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
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
    const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : null;
    if (data) checkUserMetadata({ ...row.raw_user_meta_data, ...data });
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
    if (data) {
      row = (
        await ctx.db.query<AuthUserRow>(
          `update auth.users set raw_user_meta_data = raw_user_meta_data || $2::jsonb, updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
          [row.id, JSON.stringify(data)],
        )
      ).rows[0];
    }
    return userJson(row);
  }

  return { signUp, verifySignup, confirmSignup, signInWithPassword, updateUser, redirectTarget, pkceFlows };
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
