import { SignJWT, jwtVerify, errors, type JWTPayload } from 'jose';

export interface JwtKeys {
  /** HS256 secret shared by every key and token of this backend. */
  secret: string;
  /** Long-lived JWT with role anon, like Supabase's anon key. */
  anonKey: string;
  /** Long-lived JWT with role service_role. Bypasses row-level security: never ship it to a browser. */
  serviceRoleKey: string;
  sign(claims: JWTPayload, expiresInSeconds: number): Promise<string>;
  /** The verified claims, or a reason: 'expired' | 'invalid'. */
  verify(token: string): Promise<{ claims: JWTPayload & { role?: string } } | { reason: 'expired' | 'invalid' }>;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/**
 * Keys derived from one secret. The API keys are deterministic for a given
 * secret and creation time, so `site backend status` can print them without
 * the backend running.
 */
export async function createJwtKeys(secret: string, createdAt: number): Promise<JwtKeys> {
  const key = new TextEncoder().encode(secret);
  const apiKey = (role: string) =>
    new SignJWT({ iss: 'supabase', ref: 'local', role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(createdAt)
      .setExpirationTime(createdAt + TEN_YEARS)
      .sign(key);
  return {
    secret,
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
    async sign(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return { claims: payload as JWTPayload & { role?: string } };
      } catch (error) {
        return { reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
