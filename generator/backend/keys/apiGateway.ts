import type { JwtKeys } from '../createJwtKeys.ts';
import { jsonResponse } from '../jsonResponse.ts';

/** The four keys a project answers to, by what they stand for. */
export type ApiKeyKind = 'publishable' | 'secret' | 'anon' | 'service_role';

type Keys = Pick<JwtKeys, 'anonKey' | 'serviceRoleKey' | 'publishableKey' | 'secretKey'>;

/** Pure: which of the project's keys `key` is, or null. */
export function apiKeyKind(key: string, keys: Keys): ApiKeyKind | null {
  if (key === keys.publishableKey) return 'publishable';
  if (key === keys.secretKey) return 'secret';
  if (key === keys.anonKey) return 'anon';
  if (key === keys.serviceRoleKey) return 'service_role';
  return null;
}

/** Pure: the JWT the gateway mints for a publishable or secret key (the legacy key of its role), else null. */
export function mintedFor(key: string, keys: Keys): string | null {
  const kind = apiKeyKind(key, keys);
  return kind === 'publishable' ? keys.anonKey : kind === 'secret' ? keys.serviceRoleKey : null;
}

/** Pure: whether a request comes from a browser, as hosted Supabase tells (its User-Agent: every browser's begins "Mozilla/"). */
export function fromBrowser(userAgent: string | null): boolean {
  return /^Mozilla\//.test(userAgent ?? '');
}

/** The apikey of a request: the header, else the `apikey` query parameter. */
export function apiKeyOf(request: Request): string | null {
  return request.headers.get('apikey') ?? new URL(request.url).searchParams.get('apikey');
}

export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match ? match[1] : null;
}

const gatewayError = (code: string, body: Record<string, string>) => jsonResponse(401, body, { 'sb-error-code': code });

/**
 * The apikey check of hosted Supabase's API gateway; null when the key is good. The publishable and the
 * legacy anon key act as anon, the secret and the legacy service_role key as service_role; a secret key
 * sent from a browser is refused whatever else the request holds, and a key shaped like the new ones
 * (`sb_…`) that is not the project's is refused as hosted refuses it.
 */
export function checkApiKey(request: Request, keys: Keys): Response | null {
  const apiKey = apiKeyOf(request);
  if (!apiKey) {
    return gatewayError('UNAUTHORIZED_MISSING_API_KEY', { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  }
  const kind = apiKeyKind(apiKey, keys);
  if (kind === 'secret' && fromBrowser(request.headers.get('user-agent'))) {
    return gatewayError('UNAUTHORIZED_INVALID_API_KEY_TYPE', {
      message: 'Forbidden use of secret API key in browser',
      hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
    });
  }
  if (kind !== null) return null;
  if (apiKey.startsWith('sb_')) return gatewayError('UNAUTHORIZED_INVALID_API_KEY', { message: 'Invalid API key' });
  return gatewayError('UNAUTHORIZED_INVALID_API_KEY', { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
}

/**
 * The JWT the services behind the gateway see, after checkApiKey let the request through: the
 * Authorization bearer as sent, except where it is missing or repeats a publishable or secret key
 * (supabase-js sends its key as the bearer until someone signs in): then, as the gateway mints one,
 * a JWT of the key's role (the legacy key's). null when there is no bearer and the key is a legacy
 * one (PostgREST then takes the key itself). A bearer that is another `sb_` key goes on as it is, and
 * fails as the JWT it is not.
 */
export function gatewayBearer(request: Request, keys: Keys): string | null {
  const apiKey = apiKeyOf(request);
  const bearer = bearerToken(request);
  const minted = apiKey === null ? null : mintedFor(apiKey, keys);
  if (bearer !== null && !(minted && bearer === apiKey)) return bearer;
  return minted ?? bearer;
}
