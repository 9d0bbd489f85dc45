import type { BackendContext } from '../BackendContext.ts';
import { checkApiKey } from '../resolveCaller.ts';
import { functionErrors } from './functionErrors.ts';
import { findFunction, readFunctionSettings } from './functionsConfig.ts';

/**
 * /functions/v1/<name>[/path]: the gateway's checks, then the site's own
 * function under Deno (ctx.functions, createFunctionRunner.ts). The apikey
 * must be one of the project's keys (keys/apiGateway.ts); with
 * `[functions.<name>] verify_jwt` (the default) the Authorization bearer must
 * also be a JWT the project's keys verify (its signing keys, or the legacy
 * HS256 secret), as the Supabase CLI's gateway checks it. Functions are
 * looked up per request, so a folder added while the backend runs is served.
 */
export function handleFunctions(ctx: BackendContext) {
  const settings = readFunctionSettings(ctx.supabaseDir);

  return async function functionsRoute(request: Request, subPath: string): Promise<Response> {
    const [, name = '', ...rest] = subPath.split('/');
    const keyError = await checkApiKey(request, ctx);
    if (keyError) return keyError;
    const fn = findFunction(ctx.supabaseDir, settings, name);
    if (!fn) return functionErrors.notFound();
    if (fn.verifyJwt) {
      const authorization = request.headers.get('authorization');
      if (!authorization) return functionErrors.missingAuthorization();
      const [scheme, token] = authorization.split(' ');
      if (scheme !== 'Bearer') return functionErrors.notBearer();
      if ('reason' in (await ctx.keys.verify(token ?? ''))) return functionErrors.invalidJwt();
    }
    return ctx.functions.fetch(fn, request, rest.length ? `/${rest.join('/')}` : '');
  };
}
