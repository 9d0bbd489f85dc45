import { randomBytes } from 'node:crypto';
import bcrypt from './passwordHashing.ts';
import type { BackendContext } from '../BackendContext.ts';
import type { Queryable } from '../Database.ts';
import { AuthError } from './authError.ts';
import { authMails } from './authMails.ts';
import { reauthentication } from './reauthenticate.ts';
import { redirectTargets } from './redirectTargets.ts';
import type { authRateLimits } from './authRateLimits.ts';
import type { authSessions } from './authSessions.ts';
import { checkPassword as checkPasswordRules, MAX_PASSWORD_BYTES } from './checkPassword.ts';
import { checkCredentialChangeAal } from './checkCredentialChangeAal.ts';
import { checkUserMetadata } from './checkUserMetadata.ts';
import { checkPkceParams, PKCE_PREFIX, pkceFlow } from './pkceFlow.ts';
import { obfuscatedUser } from './obfuscatedUser.ts';
import { USER_COLUMNS, userJson, type AuthUserRow } from './userJson.ts';
import { isBanned } from './authSessions.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

  const mails = authMails(ctx, limits);
  const reauth = reauthentication(ctx, mails);
  const checkPassword = (password: unknown) => checkPasswordRules(password, auth.minimumPasswordLength);

  function checkEmail(email: unknown): string {
    if (typeof email !== 'string' || email.trim() === '') throw new AuthError(400, 'validation_failed', 'To signup, please provide your email');
    const trimmed = email.trim().toLowerCase();
    if (!EMAIL.test(trimmed) || trimmed.length > 255) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    return trimmed;
  }

  /** Where a mailed link may send people (GoTrue's GetReferrer): an allowed redirect_to, else an allowed Referer, else site_url. */
  const redirectTarget = redirectTargets(auth, ctx.log);

  /** POST /signup; `redirectTo`: the link's target, chosen by redirectTarget. */
  async function signUp(body: Record<string, unknown>, redirectTo: string): Promise<Record<string, unknown>> {
    if (!auth.enableSignup || !auth.email.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const email = checkEmail(body.email);
    const password = checkPassword(body.password);
    const data = checkUserMetadata(typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : {});
    const pkce = checkPkceParams(body.code_challenge_method, body.code_challenge);
    // Hashed for a taken address too, so that the time of the answer does not tell which it is.
    const hash = await bcrypt.hash(password, ctx.bcryptCost);
    const existing = await findByEmail(email);
    if (existing) return signUpAgain(existing, redirectTo, pkce, data);
    const confirm = auth.email.enableConfirmations;
    let user: AuthUserRow;
    try {
      // One transaction: a confirmation refused by the mail limits (429) leaves no user behind.
      user = await ctx.db.transaction(async (tx) => {
        const inserted = await tx.query<AuthUserRow>(
          `insert into auth.users (email, encrypted_password, raw_user_meta_data, email_confirmed_at)
           values ($1, $2, $3::jsonb, ${confirm ? 'null' : 'now()'})
           returning ${USER_COLUMNS}`,
          [email, hash, JSON.stringify(data)],
        );
        return confirm ? mails.sendConfirmation(tx, inserted.rows[0], redirectTo, await pkceLink(tx, inserted.rows[0], pkce)) : inserted.rows[0];
      });
    } catch (error) {
      // A parallel sign-up of the same address won the unique index (users_email_partial_key).
      const winner = (error as { code?: string }).code === '23505' ? await findByEmail(email) : null;
      if (winner) return signUpAgain(winner, redirectTo, pkce, data);
      throw error;
    }
    if (!confirm) return sessions.start(ctx.db, user);
    return userJson(user);
  }

  /**
   * A sign-up of a registered address, answered as GoTrue answers it (api/signup.go): without
   * confirmations, 422 user_already_exists; with them, a confirmed address gets the answer of a new
   * sign-up (obfuscatedUser.ts) and no mail, so that the answer does not tell who has an account, and an
   * unconfirmed one gets its confirmation again, at most once per [auth.email] max_frequency (429
   * otherwise; an invited user's metadata and identities left out). The password given is not stored:
   * nothing proves it is the address's owner's.
   */
  async function signUpAgain(user: AuthUserRow, redirectTo: string, pkce: Pkce, data: Record<string, unknown>): Promise<Record<string, unknown>> {
    if (!auth.email.enableConfirmations) throw new AuthError(422, 'user_already_exists', 'User already registered');
    if (user.email_confirmed_at) return obfuscatedUser(user, data);
    const row = await ctx.db.transaction(async (tx) => mails.sendConfirmation(tx, user, redirectTo, await pkceLink(tx, user, pkce)));
    return user.invited_at ? { ...userJson(row), user_metadata: {}, identities: [] } : userJson(row);
  }

  /**
   * With PKCE (`code_challenge` in the request) a flow state is stored and the mailed link's token carries
   * the pkce_ prefix (the link then redirects with ?code=). Returns that prefix, or '' without PKCE.
   */
  async function pkceLink(db: Queryable, user: AuthUserRow, pkce: Pkce, authenticationMethod = 'email/signup'): Promise<string> {
    if (!pkce) return '';
    await pkceFlows.createFlowState(db, user.id, authenticationMethod, pkce);
    return PKCE_PREFIX;
  }

  async function findByEmail(email: string): Promise<AuthUserRow | null> {
    const found = await ctx.db.query<AuthUserRow>(`select ${USER_COLUMNS} from auth.users where lower(email) = $1`, [email]);
    return found.rows[0] ?? null;
  }

  /** POST /token?grant_type=password */
  async function signInWithPassword(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const user = await findByEmail(email);
    // GoTrue says so before it compares the password.
    if (user?.encrypted_password && isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
    // One bcrypt comparison whether or not the address is known, so the time of the answer does not tell.
    const hash = user?.encrypted_password ?? (await dummy());
    const matches = await bcrypt.compare(password, hash);
    // bcrypt ignores what follows byte 72, and no password that long can be set: it never matches.
    if (!user?.encrypted_password || !matches || Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
      throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    // sessions.start records the sign-in (last_sign_in_at).
    return sessions.start(ctx.db, user);
  }

  /**
   * PUT /user: password, email or user_metadata (data), checked in GoTrue's
   * order. A new email is not applied: a confirmation link goes to it (and
   * to the current address with double_confirm_changes; emailChange.ts
   * applies it). With secure_password_change a password change needs a
   * session younger than 24 hours or the nonce of GET /reauthenticate.
   */
  async function updateUser(
    user: AuthUserRow,
    body: Record<string, unknown>,
    options: { sessionId?: string; aal?: string; redirectTo?: string } = {},
  ): Promise<Record<string, unknown>> {
    const data = typeof body.data === 'object' && body.data !== null && !Array.isArray(body.data) ? (body.data as Record<string, unknown>) : null;
    if (data) checkUserMetadata({ ...user.raw_user_meta_data, ...data });
    const email = body.email !== undefined && body.email !== '' ? checkEmail(body.email) : null;
    const password = body.password !== undefined && body.password !== null ? checkPassword(body.password) : null;
    const newEmail = email !== null && email !== user.email ? email : null;
    if (password !== null || newEmail) await checkCredentialChangeAal(ctx.db, user.id, options.aal ?? 'aal1');
    if (newEmail) {
      const taken = await ctx.db.query(`select 1 from auth.users where lower(email) = $1 and id <> $2`, [newEmail, user.id]);
      if (taken.rows.length) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    }
    let hash: string | null = null;
    if (password !== null) {
      if (auth.email.securePasswordChange) await reauth.checkPasswordChange(user, options.sessionId ?? '', body.nonce);
      if (user.encrypted_password && (await bcrypt.compare(password, user.encrypted_password))) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      hash = await bcrypt.hash(password, ctx.bcryptCost);
    }
    const row = await ctx.db.transaction(async (tx) => {
      let current = user;
      const set = async (sql: string, params: unknown[]) =>
        (current = (await tx.query<AuthUserRow>(`update auth.users set ${sql}, updated_at = now() where id = $1 returning ${USER_COLUMNS}`, [user.id, ...params])).rows[0]);
      if (hash) await set('encrypted_password = $2', [hash]);
      if (data) await set('raw_user_meta_data = raw_user_meta_data || $2::jsonb', [JSON.stringify(data)]);
      if (newEmail) current = await mails.sendEmailChange(tx, current, newEmail, options.redirectTo ?? auth.siteUrl);
      return current;
    });
    return userJson(row);
  }

  return { signUp, signInWithPassword, updateUser, redirectTarget, findByEmail, pkceFlows, pkceLink };
}

