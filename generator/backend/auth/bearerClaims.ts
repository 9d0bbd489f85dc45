import type { BackendContext } from '../BackendContext.ts';
import { gatewayBearer } from '../keys/apiGateway.ts';
import { AuthError } from './authError.ts';

/**
 * The claims of a request's bearer JWT, verified with the project's keys, as GoTrue's
 * extractBearerToken and parseJWTClaims read them: 401 no_authorization without one, 403 bad_jwt
 * when it is expired or its signature is wrong. The bearer is the one the gateway hands on
 * (keys/apiGateway.ts): a publishable or secret key stands for a JWT of its role.
 */
export async function bearerClaims(ctx: BackendContext, request: Request): Promise<Record<string, unknown>> {
  const token = gatewayBearer(request, ctx.keys);
  if (token === null) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const verified = await ctx.keys.verify(token);
  if ('reason' in verified) {
    const why = verified.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid';
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`);
  }
  return verified.claims as Record<string, unknown>;
}
