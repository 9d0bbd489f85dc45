import type { BackendContext } from '../../BackendContext.ts';
import type { Queryable } from '../../Database.ts';
import { jsonResponse } from '../../jsonResponse.ts';
import { AuthError } from '../authError.ts';
import type { authRateLimits } from '../authRateLimits.ts';
import { isBanned, type AccessContext, type authSessions } from '../authSessions.ts';
import { USER_COLUMNS, type AuthUserRow } from '../userJson.ts';
import { assertionIds, verifyAssertion } from './verifyAssertion.ts';
import { verifyRegistration } from './verifyRegistration.ts';
import { creationOptions, newChallenge, requestOptions, type WebAuthnSession } from './webauthnOptions.ts';

type Sessions = ReturnType<typeof authSessions>;
type Limits = ReturnType<typeof authRateLimits>;

/** GoTrue's defaults: [auth.webauthn] challenge_expiry_duration (5 minutes), max_passkeys_per_user. */
const CHALLENGE_LIFETIME_S = 300;
const MAX_PASSKEYS = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface PasskeyRow {
  id: string;
  friendly_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** Pure: a passkey as GoTrue lists it (friendly_name and last_used_at left out when empty). */
export function passkeyJson(row: PasskeyRow): Record<string, unknown> {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    created_at: new Date(row.created_at).toISOString(),
    ...(row.last_used_at ? { last_used_at: new Date(row.last_used_at).toISOString() } : {}),
  };
}

const PASSKEY_COLUMNS = 'id, friendly_name, created_at, last_used_at';

/**
 * Passkeys as GoTrue serves them (api/passkey_*.go) with `[auth.passkey] enabled`: registration for a
 * signed-in user (POST /passkeys/registration/options and /verify), sign-in with a discoverable
 * credential (POST /passkeys/authentication/options and /verify: a session, amr "passkey"), the
 * user's list (GET /passkeys), renaming and deleting (PATCH, DELETE /passkeys/{id}); the admin's
 * routes are adminPasskeys below. Credentials live in
 * auth.webauthn_credentials, pending ceremonies in auth.webauthn_challenges, used once.
 */
export function passkeys(ctx: BackendContext, sessions: Sessions, limits: Limits) {
  const rp = ctx.config.auth.webauthn;

  async function handle(route: string, request: Request, body: () => Promise<Record<string, unknown>>, clientIp: string): Promise<Response> {
    if (route === 'POST /passkeys/authentication/options') {
      limits.check('passkey', clientIp);
      return jsonResponse(200, await begin(null, 'authentication', (challenge) => requestOptions(rp, challenge, [])));
    }
    if (route === 'POST /passkeys/authentication/verify') return jsonResponse(200, await signIn(await body()));
    const access = await sessions.authenticate(request);
    if (route === 'POST /passkeys/registration/options' || route === 'POST /passkeys/registration/verify') {
      if (access.claims.is_anonymous === true) throw new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
      await requireManagementAal(access);
      if (route.endsWith('/options')) return jsonResponse(200, await registrationOptions(access));
      return jsonResponse(200, await register(access, await body()));
    }
    if (route === 'GET /passkeys') return jsonResponse(200, await list(ctx.db, access.user.id));
    const one = /^(PATCH|DELETE) \/passkeys\/([^/]+)$/.exec(route);
    if (one && one[1] === 'PATCH') return jsonResponse(200, await rename(access, one[2], body));
    if (one) {
      await requireManagementAal(access);
      await removePasskey(ctx.db, access.user.id, one[2]);
      return new Response(null, { status: 204 });
    }
    throw new AuthError(404, 'not_found', `${route} is not supported by the embedded auth server`);
  }

  /** GoTrue's requirePasskeyManagementAAL: with a verified MFA factor, only an aal2 sign-in registers or deletes passkeys. */
  async function requireManagementAal(access: AccessContext): Promise<void> {
    const verified = await ctx.db.query(`select 1 from auth.mfa_factors where user_id = $1 and status = 'verified' limit 1`, [access.user.id]);
    if (verified.rows.length && access.aal !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 session is required to manage passkeys when MFA is enabled');
    }
  }

  async function begin(userId: string | null, type: 'registration' | 'authentication', options: (challenge: string) => Record<string, unknown>) {
    const challenge = newChallenge();
    const session: WebAuthnSession = { challenge, ...(userId ? { user_id: userId } : {}), user_verification: 'preferred' };
    const row = await ctx.db.query<{ id: string; expires_at: number }>(
      `insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)
       values ($1, $2, $3::jsonb, now() + make_interval(secs => $4)) returning id, extract(epoch from expires_at)::bigint::int as expires_at`,
      [userId, type, JSON.stringify(session), CHALLENGE_LIFETIME_S],
    );
    return { challenge_id: row.rows[0].id, options: options(challenge), expires_at: row.rows[0].expires_at };
  }

  async function registrationOptions(access: AccessContext) {
    const existing = await ctx.db.query<{ credential_id: string }>(
      `select encode(credential_id, 'hex') as credential_id from auth.webauthn_credentials where user_id = $1 order by created_at`,
      [access.user.id],
    );
    if (existing.rows.length >= MAX_PASSKEYS) throw new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached');
    const exclude = existing.rows.map((r) => Buffer.from(r.credential_id, 'hex'));
    const name = access.user.email ?? '';
    return begin(access.user.id, 'registration', (challenge) => creationOptions(rp, { id: access.user.id, name }, challenge, exclude, 'passkey'));
  }

  /** Checks challenge_id and credential of a verify body as GoTrue does, then takes the challenge (used once). */
  async function consume(db: Queryable, body: Record<string, unknown>, type: 'registration' | 'authentication', userId: string | null): Promise<WebAuthnSession> {
    if (typeof body.challenge_id !== 'string' || body.challenge_id === '') throw new AuthError(400, 'validation_failed', 'challenge_id is required');
    if (body.credential === undefined || body.credential === null) throw new AuthError(400, 'validation_failed', 'credential is required');
    if (!UUID.test(body.challenge_id)) throw new AuthError(400, 'validation_failed', 'challenge_id must be a valid UUID');
    const taken = await db.query<{ session_data: WebAuthnSession | string; expired: boolean }>(
      `delete from auth.webauthn_challenges where id = $1 and challenge_type = $2 and user_id is not distinct from $3
       returning session_data, expires_at < now() as expired`,
      [body.challenge_id, type, userId],
    );
    const row = taken.rows[0];
    if (!row) throw new AuthError(400, 'webauthn_challenge_not_found', 'Challenge not found or already used');
    if (row.expired) throw new AuthError(400, 'webauthn_challenge_expired', 'Challenge has expired');
    return typeof row.session_data === 'string' ? (JSON.parse(row.session_data) as WebAuthnSession) : row.session_data;
  }

  async function register(access: AccessContext, body: Record<string, unknown>) {
    const session = await consume(ctx.db, body, 'registration', access.user.id);
    let credential: ReturnType<typeof verifyRegistration>;
    try {
      credential = verifyRegistration(body.credential, { challenge: session.challenge, rpId: rp.rpId, origins: rp.rpOrigins, requireUserVerification: false });
    } catch (error) {
      ctx.log(`auth: passkey registration refused: ${(error as Error).message}`);
      throw new AuthError(400, 'webauthn_verification_failed', 'Credential verification failed');
    }
    return ctx.db.transaction(async (tx) => {
      const count = await tx.query<{ n: number }>(`select count(*)::int as n from auth.webauthn_credentials where user_id = $1`, [access.user.id]);
      if (count.rows[0].n >= MAX_PASSKEYS) throw new AuthError(422, 'too_many_passkeys', 'Maximum number of passkeys reached');
      const taken = await tx.query(`select 1 from auth.webauthn_credentials where credential_id = decode($1, 'hex')`, [credential.credentialId.toString('hex')]);
      if (taken.rows.length) throw new AuthError(422, 'webauthn_credential_exists', 'This credential is already registered');
      const row = await tx.query<PasskeyRow>(
        `insert into auth.webauthn_credentials (user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name)
         values ($1, decode($2, 'hex'), decode($3, 'hex'), $4, $5::uuid, $6, $7::jsonb, $8, $9, 'Passkey') returning ${PASSKEY_COLUMNS}`,
        [
          access.user.id,
          credential.credentialId.toString('hex'),
          credential.publicKey.toString('hex'),
          credential.attestationType === 'self' ? 'self' : '',
          uuidOf(credential.aaguid),
          credential.signCount,
          JSON.stringify(credential.transports),
          credential.backupEligible,
          credential.backedUp,
        ],
      );
      const { last_used_at: _unused, ...created } = passkeyJson(row.rows[0]);
      return created;
    });
  }

  async function signIn(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const session = await consume(ctx.db, body, 'authentication', null);
    const failed = (why: string) => {
      ctx.log(`auth: passkey sign-in refused: ${why}`);
      return new AuthError(400, 'webauthn_verification_failed', 'Credential verification failed');
    };
    let ids: ReturnType<typeof assertionIds>;
    try {
      ids = assertionIds(body.credential);
    } catch (error) {
      ctx.log(`auth: passkey sign-in refused: ${(error as Error).message}`);
      throw new AuthError(400, 'webauthn_verification_failed', 'Invalid credential response');
    }
    const userId = ids.userHandle?.toString('utf8') ?? '';
    if (!UUID.test(userId)) throw failed('the assertion names no user');
    const found = await ctx.db.query<{ id: string; public_key: string }>(
      `select id, encode(public_key, 'hex') as public_key from auth.webauthn_credentials where user_id = $1 and credential_id = decode($2, 'hex')`,
      [userId, ids.credentialId.toString('hex')],
    );
    const credential = found.rows[0];
    if (!credential) throw failed('no such passkey of that user');
    let verified: ReturnType<typeof verifyAssertion>;
    try {
      verified = verifyAssertion(body.credential, { challenge: session.challenge, rpId: rp.rpId, origins: rp.rpOrigins, requireUserVerification: false }, Buffer.from(credential.public_key, 'hex'));
    } catch (error) {
      throw failed((error as Error).message);
    }
    const user = (await ctx.db.query<AuthUserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [userId])).rows[0];
    if (!user) throw failed('the user is gone');
    if (user.email && !user.email_confirmed_at) throw new AuthError(403, 'email_not_confirmed', 'Email not confirmed');
    if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned');
    return ctx.db.transaction(async (tx) => {
      await tx.query(`update auth.webauthn_credentials set sign_count = $2, backed_up = $3, last_used_at = now(), updated_at = now() where id = $1`, [
        credential.id,
        verified.signCount,
        verified.backedUp,
      ]);
      return sessions.start(tx, user, 'passkey');
    });
  }

  async function rename(access: AccessContext, id: string, body: () => Promise<Record<string, unknown>>) {
    if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'Passkey not found');
    const params = await body();
    const name = typeof params.friendly_name === 'string' ? params.friendly_name : '';
    if (name === '') throw new AuthError(400, 'validation_failed', 'friendly_name is required');
    if ([...name].length > 120) throw new AuthError(400, 'validation_failed', 'friendly_name must be 120 characters or less');
    const row = await ctx.db.query<PasskeyRow>(
      `update auth.webauthn_credentials set friendly_name = $3, updated_at = now() where id = $1 and user_id = $2 returning ${PASSKEY_COLUMNS}`,
      [id, access.user.id, name],
    );
    if (!row.rows[0]) throw new AuthError(404, 'validation_failed', 'Passkey not found');
    return passkeyJson(row.rows[0]);
  }

  return { handle };
}

/**
 * GET /admin/users/{id}/passkeys and DELETE /admin/users/{id}/passkeys/{id} (GoTrue's passkey_admin.go,
 * served whether or not [auth.passkey] is enabled), once requireAdmin passed; null for other routes.
 */
export async function adminPasskeys(db: Queryable, route: string, loadUser: (id: string) => Promise<AuthUserRow>): Promise<Response | null> {
  const match = /^(GET|DELETE) \/admin\/users\/([^/]+)\/passkeys(?:\/([^/]+))?$/.exec(route);
  if (!match || (match[1] === 'GET') !== (match[3] === undefined)) return null;
  const user = await loadUser(match[2]);
  if (match[1] === 'GET') return jsonResponse(200, await list(db, user.id));
  await removePasskey(db, user.id, match[3]);
  return new Response(null, { status: 204 });
}

async function removePasskey(db: Queryable, userId: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'Passkey not found');
  const gone = await db.query(`delete from auth.webauthn_credentials where id = $1 and user_id = $2 returning id`, [id, userId]);
  if (!gone.rows.length) throw new AuthError(404, 'validation_failed', 'Passkey not found');
}

async function list(db: Queryable, userId: string): Promise<Record<string, unknown>[]> {
  const rows = await db.query<PasskeyRow>(`select ${PASSKEY_COLUMNS} from auth.webauthn_credentials where user_id = $1 order by created_at, id`, [userId]);
  return rows.rows.map(passkeyJson);
}

/** Pure: 16 AAGUID bytes as a uuid (null when all zero, as an authenticator without one sends). */
function uuidOf(aaguid: Buffer): string | null {
  if (aaguid.length !== 16 || aaguid.every((b) => b === 0)) return null;
  const hex = aaguid.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
