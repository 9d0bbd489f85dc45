import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../Database.ts';
import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';
import type { authSessions } from './authSessions.ts';
import { USER_COLUMNS, type AuthUserRow } from './userJson.ts';

/** Emailed tokens of a PKCE flow start with this, so the link knows to answer with ?code= (GoTrue's PKCEPrefix). */
export const PKCE_PREFIX = 'pkce_';
/** GoTrue's default flow_state_expiry_duration. */
const FLOW_STATE_LIFETIME_S = 300;

/** Pure: RFC 7636 check of a code verifier against the stored challenge; the reason when it fails (GoTrue's words). */
export function checkCodeVerifier(codeChallenge: string, method: string, verifier: string): string | null {
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') return 'code challenge method not supported';
  const expected = m === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(codeChallenge);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? null : 'code challenge does not match previously saved code verifier';
}

/**
 * Pure: the PKCE parameters of /signup, /otp, /recover as GoTrue's validatePKCEParams checks them.
 * Returns the challenge to store, or null for the implicit flow.
 */
export function checkPkceParams(method: unknown, challenge: unknown): { codeChallenge: string; codeChallengeMethod: 's256' | 'plain' } | null {
  const c = typeof challenge === 'string' ? challenge : '';
  const m = typeof method === 'string' ? method : '';
  if ((c === '') !== (m === '')) throw new AuthError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  if (c === '') return null;
  if (c.length < 43 || c.length > 128) throw new AuthError(400, 'validation_failed', 'code challenge has to be between 43 and 128 characters');
  if (!/^[a-zA-Z._~0-9-]+$/.test(c)) {
    throw new AuthError(400, 'validation_failed', 'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes');
  }
  const lower = m.toLowerCase();
  if (lower !== 's256' && lower !== 'plain') throw new AuthError(400, 'validation_failed', `unsupported code_challenge method "${m}"`);
  return { codeChallenge: c, codeChallengeMethod: lower };
}

type Sessions = ReturnType<typeof authSessions>;

/**
 * PKCE flows of the embedded auth server, as GoTrue keeps them in auth.flow_state:
 * a flow state is stored when an email link is sent, the link redirects
 * with ?code=<auth code>, and POST /token?grant_type=pkce trades the code
 * and the verifier for a session.
 */
export function pkceFlow(ctx: BackendContext, sessions: Sessions) {
  /** Stores a flow state for the user's emailed link; `authenticationMethod` as GoTrue names it ('email/signup', 'magiclink', 'recovery', ...). */
  async function createFlowState(
    db: Queryable,
    userId: string,
    authenticationMethod: string,
    pkce: { codeChallenge: string; codeChallengeMethod: string },
  ): Promise<void> {
    await db.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method, created_at, updated_at)
       values ($1, $2, $3, $4, $5, 'email', $6, now(), now())`,
      [randomUUID(), userId, randomUUID(), pkce.codeChallengeMethod, pkce.codeChallenge, authenticationMethod],
    );
  }

  /** The auth code of the user's latest flow state for `authenticationMethod`, marked issued (GoTrue's issueAuthCode). */
  async function issueAuthCode(db: Queryable, userId: string, authenticationMethod: string): Promise<string> {
    const found = await db.query<{ id: string; auth_code: string }>(
      `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
        where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2 order by created_at desc limit 1)
        returning id, auth_code`,
      [userId, authenticationMethod],
    );
    if (!found.rows[0]) {
      throw new AuthError(400, 'flow_state_not_found', 'No associated flow state found. No valid flow state found for user.');
    }
    return found.rows[0].auth_code;
  }

  /** The redirect of a verified PKCE link: `target` with ?code= the latest flow state's auth code. */
  async function redirectWithCode(db: Queryable, userId: string, authenticationMethod: string, target: string): Promise<string> {
    const url = new URL(target);
    url.searchParams.set('code', await issueAuthCode(db, userId, authenticationMethod));
    return url.toString();
  }

  /** POST /token?grant_type=pkce with { auth_code, code_verifier }. */
  async function exchange(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const authCode = typeof body.auth_code === 'string' ? body.auth_code : '';
    const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
    if (authCode === '' || verifier === '') {
      throw new AuthError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
    }
    const found = await ctx.db.query<{
      id: string;
      user_id: string | null;
      code_challenge: string;
      code_challenge_method: string;
      authentication_method: string;
      expired: boolean;
    }>(
      `select id, user_id, code_challenge, code_challenge_method, authentication_method,
              coalesce(case when authentication_method = 'magiclink' then auth_code_issued_at end, created_at) + make_interval(secs => $2) < now() as expired
         from auth.flow_state where auth_code = $1 limit 1`,
      [authCode, FLOW_STATE_LIFETIME_S],
    );
    const flow = found.rows[0];
    if (!flow || !flow.user_id) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (flow.expired) throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    const problem = checkCodeVerifier(flow.code_challenge, flow.code_challenge_method, verifier);
    if (problem) throw new AuthError(400, 'bad_code_verifier', problem);
    return ctx.db.transaction(async (tx) => {
      const gone = await tx.query(`delete from auth.flow_state where id = $1`, [flow.id]);
      // A parallel exchange of the same code got there first.
      if ((gone.affectedRows ?? 1) === 0) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      const user = await tx.query<AuthUserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [flow.user_id]);
      return sessions.start(tx, user.rows[0], flow.authentication_method);
    });
  }

  return { createFlowState, issueAuthCode, redirectWithCode, exchange };
}
