import type { BackendContext, Caller } from './BackendContext.ts';
import { jsonResponse } from './jsonResponse.ts';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * What Supabase's gateway and PostgREST do before a query runs: require a
 * valid apikey (the anon or service-role JWT), then take the role and claims
 * from the Authorization bearer, or from the apikey when there is none.
 * Returns the caller, or the error Response to send.
 */
export async function resolveCaller(request: Request, ctx: BackendContext): Promise<Caller | Response> {
  const apiKeyError = await checkApiKey(request, ctx);
  if (apiKeyError) return apiKeyError;
  const bearer = bearerToken(request) ?? apiKeyOf(request)!;
  const verified = await ctx.keys.verify(bearer);
  if ('reason' in verified) {
    const expired = verified.reason === 'expired';
    return jsonResponse(
      401,
      { code: expired ? 'PGRST303' : 'PGRST301', message: expired ? 'JWT expired' : 'Invalid JWT', details: null, hint: null },
      { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : 'Invalid JWT'}"` },
    );
  }
  const role = String(verified.claims.role ?? '');
  if (!API_ROLES.has(role)) {
    return jsonResponse(401, { code: 'PGRST301', message: `role "${role}" does not exist`, details: null, hint: null });
  }
  return { role: role as Caller['role'], claims: verified.claims as Record<string, unknown> };
}

/** The apikey check of Supabase's gateway; null when the key is good. */
export async function checkApiKey(request: Request, ctx: BackendContext): Promise<Response | null> {
  const apiKey = apiKeyOf(request);
  if (!apiKey) {
    return jsonResponse(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  }
  if (apiKey !== ctx.keys.anonKey && apiKey !== ctx.keys.serviceRoleKey) {
    return jsonResponse(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  }
  return null;
}

export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match ? match[1] : null;
}

function apiKeyOf(request: Request): string | null {
  return request.headers.get('apikey') ?? new URL(request.url).searchParams.get('apikey');
}
