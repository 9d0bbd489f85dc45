import { jsonResponse } from '../jsonResponse.ts';
import { AuthError } from './authError.ts';

/** The issuers GoTrue's id_token grant assigns to a provider name (api/token_oidc.go). */
const PROVIDER_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
};
/** Providers whose issuer GoTrue reads from the token itself. */
const DETECTED = { apple: 'Apple', azure: 'Azure' } as const;

/** Pure: the `iss` claim of a JWT, without checking it, or null. */
function unverifiedIssuer(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iss?: unknown };
    return typeof payload.iss === 'string' ? payload.iss : null;
  } catch {
    return null;
  }
}

/**
 * POST /token?grant_type=id_token with no external provider enabled (the embedded server has none):
 * GoTrue's answers in its order: its OAuth-style errors for a missing id_token or provider, then
 * 400 provider_disabled naming the provider's issuer, or "Custom OIDC provider … not allowed".
 */
export function idTokenGrant(body: Record<string, unknown>): Response {
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const provider = str(body.provider);
  const idToken = str(body.id_token);
  if (idToken === '') return jsonResponse(400, { error: 'invalid request', error_description: 'id_token required' });
  if (provider === '' && (str(body.client_id) === '' || str(body.issuer) === '')) {
    return jsonResponse(400, { error: 'invalid request', error_description: 'provider or client_id and issuer required' });
  }
  let issuer = PROVIDER_ISSUERS[provider] ?? Object.entries(PROVIDER_ISSUERS).find(([, i]) => i === str(body.issuer))?.[1] ?? null;
  if (provider === 'keycloak') issuer = '';
  if (provider in DETECTED) {
    const detected = unverifiedIssuer(idToken);
    if (detected === null) throw new AuthError(400, 'validation_failed', `Unable to detect issuer in ID token for ${DETECTED[provider as keyof typeof DETECTED]} provider`);
    issuer = detected;
  }
  if (issuer === null) throw new AuthError(400, 'validation_failed', `Custom OIDC provider ${JSON.stringify(provider)} not allowed`);
  throw new AuthError(400, 'provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`);
}
