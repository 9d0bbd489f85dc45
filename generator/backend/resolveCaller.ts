import type { BackendContext, Caller } from './BackendContext.ts';
import { jsonResponse } from './jsonResponse.ts';
import { apiKeyOf, checkApiKey as gatewayCheck, gatewayBearer } from './keys/apiGateway.ts';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * What Supabase's gateway and PostgREST do before a query runs: require a
 * valid apikey (keys/apiGateway.ts: publishable, secret, or a legacy JWT key),
 * then take the role and claims from the JWT the gateway hands on (the
 * Authorization bearer, or the publishable or secret key's role), or from a
 * legacy apikey when there is none. Returns the caller, or the error Response to send.
 */
export async function resolveCaller(request: Request, ctx: BackendContext): Promise<Caller | Response> {
  const apiKeyError = await checkApiKey(request, ctx);
  if (apiKeyError) return apiKeyError;
  const bearer = gatewayBearer(request, ctx.keys) ?? apiKeyOf(request)!;
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

/** The apikey check of Supabase's gateway; null when the key is good (keys/apiGateway.ts). */
export async function checkApiKey(request: Request, ctx: BackendContext): Promise<Response | null> {
  return gatewayCheck(request, ctx.keys);
}

export { bearerToken } from './keys/apiGateway.ts';
