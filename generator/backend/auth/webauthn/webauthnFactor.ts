import type { BackendContext } from '../../BackendContext.ts';
import { AuthError } from '../authError.ts';
import type { AccessContext, authSessions } from '../authSessions.ts';
import type { FactorRow } from '../mfaFactors.ts';
import { verifyAssertion } from './verifyAssertion.ts';
import { verifyRegistration } from './verifyRegistration.ts';
import { creationOptions, newChallenge, requestOptions, type WebAuthnSession } from './webauthnOptions.ts';

type Sessions = ReturnType<typeof authSessions>;

/** GoTrue's MFA challenge_expiry_duration (seconds). */
const CHALLENGE_LIFETIME_S = 300;

/** A verified factor's credential, as its auth.mfa_factors row keeps it (web_authn_credential). */
interface StoredCredential {
  id: string;
  publicKey: string;
  signCount: number;
}

/**
 * WebAuthn as a second factor (`[auth.mfa.web_authn]`), as GoTrue's mfa.go serves it: a factor is
 * enrolled like a TOTP one (mfaFactors.ts), its first challenge asks the browser to create a
 * credential ("create"), later ones to sign with it ("request"); a verified challenge makes the
 * sign-in aal2 with amr "mfa/webauthn". Credentials are checked by verifyRegistration and
 * verifyAssertion against [auth.webauthn]'s relying party.
 */
export function webauthnFactor(ctx: BackendContext, sessions: Sessions) {
  const rp = ctx.config.auth.webauthn;

  async function credentialsOf(userId: string): Promise<StoredCredential[]> {
    const rows = await ctx.db.query<{ credential: StoredCredential | string | null }>(
      `select web_authn_credential as credential from auth.mfa_factors
        where user_id = $1 and factor_type = 'webauthn' and status = 'verified' and web_authn_credential is not null order by created_at`,
      [userId],
    );
    return rows.rows.map((r) => (typeof r.credential === 'string' ? (JSON.parse(r.credential) as StoredCredential) : r.credential!));
  }

  /** POST /factors/{id}/challenge of a WebAuthn factor. */
  async function challenge(access: AccessContext, factor: FactorRow, ip: string): Promise<Record<string, unknown>> {
    const known = await credentialsOf(access.user.id);
    const challengeText = newChallenge();
    // A new credential must not be one the user has (excluded); a sign-in may use any of them (allowed).
    const creating = factor.status !== 'verified';
    const session: WebAuthnSession = {
      challenge: challengeText,
      user_id: access.user.id,
      ...(creating ? {} : { allowed_credentials: known.map((c) => c.id) }),
      user_verification: 'preferred',
    };
    const ids = known.map((c) => Buffer.from(c.id, 'base64url'));
    const publicKey = creating
      ? creationOptions(rp, { id: access.user.id, name: access.user.email ?? '' }, challengeText, ids, 'factor')
      : requestOptions(rp, challengeText, ids);
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await tx.query<{ id: string; created_at: Date }>(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data) values (gen_random_uuid(), $1, now(), $2, $3::jsonb)
         returning id, created_at`,
        [factor.id, ip, JSON.stringify(session)],
      );
      await tx.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
      return inserted.rows[0];
    });
    return {
      id: row.id,
      type: 'webauthn',
      expires_at: Math.floor(new Date(row.created_at).getTime() / 1000) + CHALLENGE_LIFETIME_S,
      webauthn: { type: creating ? 'create' : 'request', credential_options: { publicKey } },
    };
  }

  /** The checks of a verify body GoTrue makes before it looks for the challenge. */
  function checkVerifyBody(body: Record<string, unknown>): void {
    const params = body.webauthn as { type?: unknown; credential_response?: unknown } | undefined;
    if (typeof params !== 'object' || params === null) throw new AuthError(400, 'validation_failed', 'WebAuthn config required');
    if (params.type !== 'create' && params.type !== 'request') throw new AuthError(400, 'validation_failed', 'WebAuthn type must be create or request');
    if (params.credential_response === undefined || params.credential_response === null) throw new AuthError(400, 'validation_failed', 'credential_response required');
  }

  /** POST /factors/{id}/verify of a WebAuthn factor, once its challenge was found (mfaFactors.ts's findChallenge). */
  async function verify(access: AccessContext, factor: FactorRow, body: Record<string, unknown>, found: { id: string }): Promise<Record<string, unknown>> {
    const params = body.webauthn as { type: 'create' | 'request'; credential_response: unknown };
    const sessionRow = await ctx.db.query<{ data: WebAuthnSession | string }>(`select web_authn_session_data as data from auth.mfa_challenges where id = $1`, [found.id]);
    const raw = sessionRow.rows[0]?.data;
    const session = typeof raw === 'string' ? (JSON.parse(raw) as WebAuthnSession) : raw;
    const expected = { challenge: session?.challenge ?? '', rpId: rp.rpId, origins: rp.rpOrigins, requireUserVerification: false };
    let stored: StoredCredential;
    try {
      if ((params.type === 'create') !== (factor.status !== 'verified')) throw new Error(`a ${factor.status} factor takes no "${params.type}" response`);
      if (params.type === 'create') {
        const created = verifyRegistration(params.credential_response, expected);
        stored = { id: created.credentialId.toString('base64url'), publicKey: created.publicKey.toString('base64url'), signCount: created.signCount };
      } else {
        const credentialId = String((params.credential_response as { id?: unknown }).id ?? '');
        const known = (await credentialsOf(access.user.id)).find((c) => c.id === credentialId.replace(/=+$/, '') && session?.allowed_credentials?.includes(c.id));
        if (!known) throw new Error('the credential is not one of the factor');
        const asserted = verifyAssertion(params.credential_response, expected, Buffer.from(known.publicKey, 'base64url'));
        stored = { ...known, signCount: asserted.signCount };
      }
    } catch (error) {
      ctx.log(`auth: WebAuthn factor verification refused: ${(error as Error).message}`);
      throw new AuthError(400, 'webauthn_verification_failed', 'Credential verification failed');
    }
    return ctx.db.transaction(async (tx) => {
      await tx.query(`delete from auth.mfa_challenges where id = $1`, [found.id]);
      await tx.query(
        `update auth.mfa_factors set status = 'verified', web_authn_credential = coalesce(case when status = 'verified' and $3 = 'request' then web_authn_credential || jsonb_build_object('signCount', $4::int) end, $2::jsonb),
                last_webauthn_challenge_data = jsonb_build_object('challenge', jsonb_build_object('id', $5::text), 'type', $3::text), updated_at = now()
          where id = $1`,
        [factor.id, JSON.stringify(stored), params.type, stored.signCount, found.id],
      );
      const session = await sessions.upgrade(tx, access, 'mfa/webauthn', factor.id);
      // As for TOTP: the user's aal1 sessions end, and other unverified WebAuthn factors go.
      await tx.query(`delete from auth.sessions where user_id = $1 and aal < 'aal2'`, [access.user.id]);
      await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = 'webauthn'`, [access.user.id]);
      return session;
    });
  }

  return { challenge, checkVerifyBody, verify };
}
