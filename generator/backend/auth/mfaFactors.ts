import { randomUUID } from 'node:crypto';
import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';
import type { authRateLimits } from './authRateLimits.ts';
import type { AccessContext, authSessions } from './authSessions.ts';
import { qrCodeSvg } from './qrCode.ts';
import { newTotpSecret, totpUri, verifyTotp } from './totp.ts';
import { webauthnFactor } from './webauthn/webauthnFactor.ts';

type Sessions = ReturnType<typeof authSessions>;
type Limits = ReturnType<typeof authRateLimits>;

/** GoTrue's MFA defaults: challenge_expiry_duration, factor_expiry_duration, max_enrolled_factors, max_verified_factors. */
const CHALLENGE_LIFETIME_S = 300;
const UNVERIFIED_FACTOR_LIFETIME_S = 300;
const MAX_ENROLLED = 10;
const MAX_VERIFIED = 10;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Pure: whether a route (`METHOD /path`) belongs to /factors. */
export function isFactorsRoute(route: string): boolean {
  return /^(POST|DELETE) \/factors(\/|$)/.test(route);
}

export interface FactorRow {
  id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string;
}

/**
 * Multi-factor authentication as GoTrue answers it, with TOTP factors and,
 * with [auth.mfa.web_authn], WebAuthn ones (webauthn/webauthnFactor.ts):
 * POST /factors (enroll), POST /factors/{id}/challenge, POST
 * /factors/{id}/verify (the session becomes aal2) and DELETE /factors/{id}
 * (unenroll). Challenge and
 * verify are each under a per-IP limit, checked once the factor is found, as
 * GoTrue's router orders them.
 */
export function mfaFactors(ctx: BackendContext, sessions: Sessions, limits: Limits) {
  const webauthn = webauthnFactor(ctx, sessions);
  /** `route` as handleAuth builds it; the body is {} for DELETE. */
  async function handle(route: string, access: AccessContext, body: Record<string, unknown>, clientIp: string): Promise<Record<string, unknown>> {
    if (route === 'POST /factors') return enroll(access, body);
    const match = /^(POST|DELETE) \/factors\/([^/]+)(\/challenge|\/verify)?$/.exec(route);
    if (!match || (match[1] === 'DELETE') !== (match[3] === undefined)) {
      throw new AuthError(404, 'not_found', `${route} is not supported by the embedded auth server`);
    }
    const factor = await findFactor(access, decodeURIComponent(match[2]));
    if (match[3]) limits.check(match[3] === '/challenge' ? 'factorChallenge' : 'factorVerify', clientIp);
    if (factor.factor_type === 'webauthn' && match[3] && !ctx.config.auth.mfaWebAuthn.verifyEnabled) {
      // GoTrue names the enroll code when verifying is off (mfa.go's VerifyFactor).
      if (match[3] === '/challenge') throw new AuthError(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
      throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA verification is disabled for WebAuthn');
    }
    if (match[3] === '/challenge') return factor.factor_type === 'webauthn' ? webauthn.challenge(access, factor, clientIp || '::') : challenge(factor, clientIp || '::');
    if (match[3] === '/verify') return verify(access, factor, body, clientIp || '::');
    return unenroll(access, factor);
  }

  async function findFactor(access: AccessContext, id: string): Promise<FactorRow> {
    if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
    const found = await ctx.db.query<FactorRow>(
      `select id, friendly_name, factor_type, status, secret from auth.mfa_factors where id = $1 and user_id = $2`,
      [id, access.user.id],
    );
    if (!found.rows[0]) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    return found.rows[0];
  }

  async function enroll(access: AccessContext, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const factorType = typeof body.factor_type === 'string' ? body.factor_type : '';
    const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name : '';
    if (factorType === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (factorType === 'webauthn' && !ctx.config.auth.mfaWebAuthn.enrollEnabled) throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    if (factorType !== 'totp' && factorType !== 'webauthn') throw new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
    await checkNewFactor(access, friendlyName);
    const id = randomUUID();
    if (factorType === 'webauthn') {
      await ctx.db.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at) values ($1, $2, $3, 'webauthn', 'unverified', now(), now())`,
        [id, access.user.id, friendlyName],
      );
      return { id, type: 'webauthn', friendly_name: friendlyName };
    }
    const issuer = typeof body.issuer === 'string' && body.issuer !== '' ? body.issuer : new URL(ctx.config.auth.siteUrl).host;
    const secret = newTotpSecret();
    await ctx.db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, access.user.id, friendlyName, secret],
    );
    const uri = totpUri(issuer, access.user.email, secret);
    // qr_code is the bare SVG, as GoTrue sends it; auth-js makes it a data: URI.
    return { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCodeSvg(uri), secret, uri } };
  }

  /** GoTrue's validateFactors: expired unverified factors go, then the name, the counts and the sign-in's level are checked. */
  async function checkNewFactor(access: AccessContext, friendlyName: string): Promise<void> {
    await ctx.db.query(
      `delete from auth.mfa_factors f where status <> 'verified' and created_at + make_interval(secs => $1) < now()
          and not exists (select from auth.mfa_challenges c where c.factor_id = f.id)`,
      [UNVERIFIED_FACTOR_LIFETIME_S],
    );
    const factors = await ctx.db.query<{ friendly_name: string | null; status: string }>(
      `select friendly_name, status from auth.mfa_factors where user_id = $1`,
      [access.user.id],
    );
    if (factors.rows.some((f) => (f.friendly_name ?? '') === friendlyName)) {
      throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`);
    }
    const verified = factors.rows.filter((f) => f.status === 'verified').length;
    if (factors.rows.length >= MAX_ENROLLED || verified >= MAX_VERIFIED) {
      throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    }
    if (verified > 0 && access.aal !== 'aal2') throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
  }

  async function challenge(factor: FactorRow, ip: string): Promise<Record<string, unknown>> {
    const id = randomUUID();
    const created = await ctx.db.transaction(async (tx) => {
      const row = await tx.query<{ created_at: Date }>(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3) returning created_at`,
        [id, factor.id, ip],
      );
      await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
      return row.rows[0].created_at;
    });
    return { id, type: factor.factor_type, expires_at: Math.floor(new Date(created).getTime() / 1000) + CHALLENGE_LIFETIME_S };
  }

  async function verify(access: AccessContext, factor: FactorRow, body: Record<string, unknown>, ip: string): Promise<Record<string, unknown>> {
    if (factor.factor_type === 'webauthn') {
      webauthn.checkVerifyBody(body);
      return webauthn.verify(access, factor, body, await findChallenge(factor, body, ip));
    }
    const code = typeof body.code === 'string' ? body.code : '';
    if (code === '') throw new AuthError(400, 'validation_failed', 'Code needs to be non-empty');
    const row = await findChallenge(factor, body, ip);
    if (!verifyTotp(factor.secret, code, Date.now() / 1000)) throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    return ctx.db.transaction(async (tx) => {
      await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1`, [row.id]);
      await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1 and status <> 'verified'`, [factor.id]);
      const session = await sessions.upgrade(tx, access, 'totp', factor.id);
      // The user's aal1 sessions end, and other unverified TOTP factors go (InvalidateSessionsWithAALLessThan, DeleteUnverifiedFactors).
      await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [access.user.id]);
      await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'totp'`, [access.user.id]);
      return session;
    });
  }

  /** GoTrue's validateChallenge: the factor's challenge named by challenge_id, from the same IP, not yet used or expired. */
  async function findChallenge(factor: FactorRow, body: Record<string, unknown>, ip: string): Promise<{ id: string }> {
    const challengeId = typeof body.challenge_id === 'string' && UUID.test(body.challenge_id) ? body.challenge_id : null;
    const found = challengeId
      ? await ctx.db.query<{ id: string; verified: boolean; ip: string; expired: boolean }>(
          `select id, verified_at is not null as verified, host(ip_address) as ip, created_at + make_interval(secs => $3) < now() as expired
             from auth.mfa_challenges where id = $1 and factor_id = $2`,
          [challengeId, factor.id, CHALLENGE_LIFETIME_S],
        )
      : { rows: [] };
    const row = found.rows[0];
    if (!row) throw new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    const sameIp = await ctx.db.query<{ same: boolean }>(`select $1::inet = $2::inet as same`, [row.ip, ip]);
    if (row.verified || !sameIp.rows[0].same) throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    if (row.expired) {
      await ctx.db.query(`delete from auth.mfa_challenges where id = $1`, [row.id]);
      throw new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${row.id} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    return row;
  }

  async function unenroll(access: AccessContext, factor: FactorRow): Promise<Record<string, unknown>> {
    if (factor.status === 'verified' && access.aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await ctx.db.transaction(async (tx) => {
      // The sessions the factor raised go back to aal1 (DowngradeSessionsToAAL1).
      await tx.query(
        `delete from auth.mfa_amr_claims where authentication_method = $2 and session_id in (select id from auth.sessions where factor_id = $1)`,
        [factor.id, factor.factor_type === 'webauthn' ? 'mfa/webauthn' : factor.factor_type],
      );
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1 and factor_id = $2`, [access.user.id, factor.id]);
      await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    });
    return { id: factor.id };
  }

  return { handle };
}
