import { randomBytes } from 'node:crypto';
import type { Queryable } from '../Database.ts';
import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';
import { bearerClaims } from './bearerClaims.ts';
import { listFactors } from './listFactors.ts';
import { USER_COLUMNS, userJson, type AuthUserRow } from './userJson.ts';

type Db = Queryable;

/** A verified access token: its claims plus the auth.users and auth.sessions rows it names. */
export interface AccessContext {
  claims: Record<string, unknown>;
  user: AuthUserRow;
  sessionId: string;
  /** The sign-in's assurance level (auth.sessions.aal): 'aal2' once a factor was verified in it. */
  aal: string;
}

/**
 * Sign-ins of the embedded auth server, as GoTrue keeps them: one
 * auth.sessions row per sign-in, a chain of refresh tokens per sign-in
 * (rotated on every refresh, the old one revoked, reusable for a short
 * interval), short-lived HS256 access tokens naming the auth.sessions row.
 */
export function authSessions(ctx: BackendContext) {
  /**
   * Signs the user in (a new auth.sessions row) and returns GoTrue's Session object;
   * `method` is the amr claim GoTrue records ('password', 'otp', 'email/signup', ...).
   */
  async function start(db: Db, signedIn: AuthUserRow, method = 'password'): Promise<Record<string, unknown>> {
    // Every new sign-in is the user's last (GoTrue's issueRefreshToken), a sign-up's with autoconfirm too.
    const user = (await db.query<AuthUserRow>(`update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`, [signedIn.id])).rows[0] ?? signedIn;
    const session = await db.query<{ id: string }>(`insert into auth.sessions (user_id) values ($1) returning id`, [user.id]);
    await addClaim(db, session.rows[0].id, method);
    const refreshToken = newRefreshToken();
    await db.query(`insert into auth.refresh_tokens (token, user_id, session_id) values ($1, $2, $3)`, [refreshToken, user.id, session.rows[0].id]);
    return sessionJson(db, user, session.rows[0].id, refreshToken);
  }

  async function addClaim(db: Db, sessionId: string, method: string): Promise<void> {
    await db.query(
      `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method) values ($1, now(), now(), $2)
       on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
      [sessionId, method],
    );
  }

  /**
   * A factor verified in a sign-in (GoTrue's updateMFASessionAndClaims):
   * the method joins the sign-in's amr, its auth.sessions row becomes aal2, and
   * every refresh token issued so far is revoked for a new one. The refresh
   * grant refuses the tokens issued before the factor's claim (see refresh), so
   * the aal1 ones never mint aal2 tokens.
   */
  async function upgrade(db: Db, access: AccessContext, method: string, factorId: string): Promise<Record<string, unknown>> {
    await addClaim(db, access.sessionId, method);
    await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [access.sessionId, factorId]);
    const current = await db.query<{ token: string }>(
      `select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
      [access.sessionId],
    );
    await db.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`, [access.sessionId]);
    const next = newRefreshToken();
    await db.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [
      next,
      access.user.id,
      access.sessionId,
      current.rows[0]?.token ?? null,
    ]);
    return sessionJson(db, access.user, access.sessionId, next);
  }

  async function sessionJson(db: Db, user: AuthUserRow, sessionId: string, refreshToken: string) {
    const expiresIn = ctx.config.auth.jwtExpiry;
    const now = Math.floor(Date.now() / 1000);
    const session = await db.query<{ aal: string }>(`select aal from auth.sessions where id = $1`, [sessionId]);
    // Most recent first, as GoTrue's CalculateAALAndAMR orders them.
    const claims = await db.query<{ method: string; timestamp: number }>(
      `select authentication_method as method, extract(epoch from updated_at)::bigint::int as timestamp
         from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
      [sessionId],
    );
    const accessToken = await ctx.keys.sign(
      {
        iss: `${ctx.apiUrl()}/auth/v1`,
        sub: user.id,
        aud: 'authenticated',
        role: 'authenticated',
        email: user.email ?? '',
        phone: '',
        app_metadata: user.raw_app_meta_data,
        user_metadata: user.raw_user_meta_data,
        aal: session.rows[0]?.aal ?? 'aal1',
        amr: claims.rows.length > 0 ? claims.rows : [{ method: 'password', timestamp: now }],
        session_id: sessionId,
        is_anonymous: user.is_anonymous ?? false,
      },
      expiresIn,
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: expiresIn,
      expires_at: now + expiresIn,
      refresh_token: refreshToken,
      user: userJson(user, await listFactors(db, user.id)),
    };
  }

  /**
   * grant_type=refresh_token, as GoTrue's RefreshTokenGrant: rotates the
   * token (the old one is revoked, a child is made). A revoked token may
   * still be used when it is the parent of the sign-in's active token (the
   * client lost the answer, or two tabs refreshed at once: the active token
   * is handed out again) or within [auth] refresh_token_reuse_interval
   * seconds of its revocation (a new child is made). Any later reuse is
   * taken as theft: the sign-in ends. A refresh never raises the assurance
   * level: a token issued before a factor was verified in its sign-in (older
   * than the sign-in's MFA claim) is refused, and past the reuse interval
   * ends the sign-in too. (GoTrue hands such a token the aal2 one while it
   * counts the use as a concurrent refresh.)
   */
  async function refresh(token: unknown): Promise<Record<string, unknown>> {
    if (typeof token !== 'string' || token === '') throw new AuthError(400, 'validation_failed', 'refresh_token required');
    const outcome = await ctx.db.transaction(async (tx) => {
      // Row locks in a logout's order: its delete takes the auth.sessions row, then (cascading) the
      // tokens; a refresh taking the token first would deadlock with it on PostgreSQL.
      await tx.query(`select 1 from auth.sessions where id = (select session_id from auth.refresh_tokens where token = $1) for update`, [token]);
      const found = await tx.query<{ id: number; revoked: boolean; session_id: string; user_id: string; reusable: boolean; predates_mfa: boolean }>(
        `select t.id, t.revoked, t.session_id, t.user_id, t.updated_at > now() - make_interval(secs => $2) as reusable,
                exists (select from auth.mfa_amr_claims c where c.session_id = t.session_id
                          and c.authentication_method in ('totp', 'mfa/phone', 'mfa/webauthn') and c.created_at > t.created_at) as predates_mfa
           from auth.refresh_tokens t where t.token = $1 for update of t`,
        [token, ctx.config.auth.refreshTokenReuseInterval],
      );
      const row = found.rows[0];
      if (!row) return { error: new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found') };
      if (row.predates_mfa) {
        if (row.revoked && !row.reusable) await tx.query(`delete from auth.sessions where id = $1`, [row.session_id]);
        return { error: new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
      }
      let next = token;
      if (row.revoked) {
        const active = await tx.query<{ token: string; parent: string | null }>(
          `select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1`,
          [row.session_id],
        );
        if (active.rows[0]?.parent === token) {
          next = active.rows[0].token;
        } else if (!row.reusable) {
          await tx.query(`delete from auth.sessions where id = $1`, [row.session_id]);
          return { error: new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used') };
        }
      }
      if (next === token && (row.revoked || ctx.config.auth.enableRefreshTokenRotation)) {
        next = newRefreshToken();
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [row.id]);
        await tx.query(`insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`, [next, row.user_id, row.session_id, token]);
      }
      await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [row.session_id]);
      const user = await tx.query<AuthUserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [row.user_id]);
      if (isBanned(user.rows[0])) return { error: new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned') };
      return { user: user.rows[0], sessionId: row.session_id, next };
    });
    if ('error' in outcome) throw outcome.error;
    return sessionJson(ctx.db, outcome.user, outcome.sessionId, outcome.next);
  }

  /** Checks a bearer access token as GoTrue's requireAuthentication does. */
  async function authenticate(request: Request): Promise<AccessContext> {
    const claims = await bearerClaims(ctx, request);
    if (typeof claims.sub !== 'string') throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const user = await ctx.db.query<AuthUserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [claims.sub]);
    if (!user.rows[0]) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    const sessionId = String(claims.session_id ?? '');
    const session = await ctx.db.query<{ aal: string }>(`select aal from auth.sessions where id::text = $1 and user_id = $2`, [sessionId, claims.sub]);
    if (session.rows.length === 0) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    // A token issued before a ban no longer works (GoTrue's requireAuthentication).
    if (isBanned(user.rows[0])) throw new AuthError(403, 'user_banned', 'User is banned');
    return { claims, user: user.rows[0], sessionId, aal: session.rows[0].aal };
  }

  /** POST /logout?scope=global|local|others (none: global) */
  async function revoke(access: AccessContext, scope: string): Promise<void> {
    if (scope === 'local') await ctx.db.query(`delete from auth.sessions where id = $1`, [access.sessionId]);
    else if (scope === 'others') await ctx.db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [access.user.id, access.sessionId]);
    else if (scope === 'global' || scope === '') await ctx.db.query(`delete from auth.sessions where user_id = $1`, [access.user.id]);
    else throw new AuthError(400, 'validation_failed', `Unsupported logout scope ${JSON.stringify(scope)}`);
  }

  return { start, upgrade, refresh, authenticate, revoke };
}

/** Pure: whether the user is banned now (GoTrue's User.IsBanned). */
export function isBanned(user: Pick<AuthUserRow, 'banned_until'> | undefined, now = Date.now()): boolean {
  return !!user?.banned_until && now < new Date(user.banned_until).getTime();
}

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}
