import { SignJWT, decodeProtectedHeader, errors, importJWK, jwtVerify, type JWTPayload } from 'jose';
import { publicJwk, type PrivateJwk, type PublicJwk, type SigningKeySet } from './keys/signingKeys.ts';

export interface JwtKeys {
  /** The legacy HS256 secret: the legacy API keys are signed with it, and tokens signed with it still verify. */
  secret: string;
  /** Legacy long-lived JWT with role anon, like Supabase's anon key. */
  anonKey: string;
  /** Legacy long-lived JWT with role service_role. Bypasses row-level security: never ship it to a browser. */
  serviceRoleKey: string;
  /** sb_publishable_…: acts as anon, like the anon key. */
  publishableKey: string;
  /** sb_secret_…: acts as service_role; refused from a browser. */
  secretKey: string;
  /** The public signing keys, as /auth/v1/.well-known/jwks.json publishes them (the HS256 secret never is). */
  jwks: { keys: PublicJwk[] };
  /** A token with the current signing key (ES256 or RS256, its kid in the header). */
  sign(claims: JWTPayload, expiresInSeconds: number): Promise<string>;
  /** The verified claims, or a reason: 'expired' | 'invalid'. */
  verify(token: string): Promise<{ claims: JWTPayload & { role?: string } } | { reason: 'expired' | 'invalid' }>;
}

/** What a project's keys are made of besides the legacy secret (keys/projectKeys.ts gathers them). */
export interface ProjectKeyMaterial {
  publishableKey: string;
  secretKey: string;
  signingKeys: SigningKeySet;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/**
 * The keys of one project. The legacy API keys are deterministic for a given secret and creation time,
 * so `site backend status` can print them without the backend running. Access tokens are signed with the
 * asymmetric signing key; a token verifies when its kid names a listed key, or, as GoTrue's
 * parseJWTClaims does, with the legacy secret when it is HS256 and its kid names none.
 */
export async function createJwtKeys(secret: string, createdAt: number, material: ProjectKeyMaterial): Promise<JwtKeys> {
  const hmac = new TextEncoder().encode(secret);
  const apiKey = (role: string) =>
    new SignJWT({ iss: 'supabase', ref: 'local', role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(createdAt)
      .setExpirationTime(createdAt + TEN_YEARS)
      .sign(hmac);
  const { signing, all } = material.signingKeys;
  const signingKey = await importJWK(privateForSigning(signing), signing.alg);
  const verifying = new Map<string, { alg: string; key: Awaited<ReturnType<typeof importJWK>> }>();
  for (const key of all) verifying.set(key.kid, { alg: key.alg, key: await importJWK(publicJwk(key), key.alg) });
  return {
    secret,
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
    publishableKey: material.publishableKey,
    secretKey: material.secretKey,
    jwks: { keys: all.map(publicJwk) },
    async sign(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: signing.alg, kid: signing.kid, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(signingKey);
    },
    async verify(token) {
      try {
        const header = decodeProtectedHeader(token);
        const listed = typeof header.kid === 'string' ? verifying.get(header.kid) : undefined;
        const { payload } = listed
          ? await jwtVerify(token, listed.key, { algorithms: [listed.alg] })
          : await jwtVerify(token, hmac, { algorithms: ['HS256'] });
        return { claims: payload as JWTPayload & { role?: string } };
      } catch (error) {
        return { reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

/** WebCrypto signs only with a key whose key_ops allow it: the stored ops are the file's, not the import's. */
function privateForSigning(key: PrivateJwk): Record<string, unknown> {
  const { key_ops: _ops, use: _use, ext: _ext, ...rest } = key;
  return rest;
}
