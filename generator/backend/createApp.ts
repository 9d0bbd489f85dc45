import { BackendError } from './BackendError.ts';
import type { BackendContext } from './BackendContext.ts';
import { apiErrorResponse, badPercentEscape } from './apiErrorResponse.ts';
import { handleAuth } from './auth/handleAuth.ts';
import { arriving } from './auth/requestArrival.ts';
import { corsHeaders } from './corsHeaders.ts';
import { handleFunctions } from './functions/handleFunctions.ts';
import { jsonResponse } from './jsonResponse.ts';
import { handleRest } from './rest/handleRest.ts';
import { handleStorage } from './storage/handleStorage.ts';
import { bearerToken } from './resolveCaller.ts';
import { setAdminRole } from './setAdminRole.ts';
import type { ClientInfo } from './serveHttp.ts';

/**
 * The embedded backend as one function Request -> Response: CORS, then
 * /rest/v1, /auth/v1, /storage/v1, /functions/v1, and /_site/v1/admin-roles (the
 * service-role-only endpoint `site admin grant|revoke` uses while the
 * backend runs). A URL whose percent-escapes do not decode gets 400 before
 * any route; a failure no route turned into an answer is an internal error
 * (logged, 500), each in the shape of the API the path names.
 */
export function createApp(ctx: BackendContext): (request: Request, client?: ClientInfo) => Promise<Response> {
  const auth = handleAuth(ctx);
  const functions = handleFunctions(ctx);
  const storage = handleStorage(ctx);

  async function route(request: Request, client: ClientInfo): Promise<Response> {
    const { pathname, search } = new URL(request.url);
    const badEscape = badPercentEscape(pathname + search);
    if (badEscape !== null) {
      return apiErrorResponse(pathname, {
        status: 400,
        restCode: 'PGRST100',
        authCode: 'validation_failed',
        message: `Invalid percent-encoding in the request URL: "${badEscape}"`,
        hint: 'Encode names and values with encodeURIComponent (UTF-8).',
      });
    }
    const match = /^\/(rest|auth|functions|storage)\/v1(\/.*)?$/.exec(pathname);
    if (match) {
      const sub = match[2] ?? '/';
      if (match[1] === 'rest') return handleRest(request, sub, ctx);
      if (match[1] === 'auth') return arriving(() => auth(request, sub, client.remoteAddress));
      if (match[1] === 'storage') return storage(request, sub);
      return functions(request, sub);
    }
    if (pathname === '/_site/v1/admin-roles' && request.method === 'POST') return adminRoles(request);
    if (pathname === '/' && request.method === 'GET') return jsonResponse(200, { name: 'site embedded backend', ok: true });
    return jsonResponse(404, { message: 'no Route matched with those values' });
  }

  async function adminRoles(request: Request): Promise<Response> {
    if (bearerToken(request) !== ctx.keys.serviceRoleKey) {
      return jsonResponse(401, { code: 'BackendUnauthorized', message: 'This endpoint needs the service role key.', hint: 'Use `site admin grant <email>`.' });
    }
    try {
      const body = (await request.json()) as { email?: unknown; admin?: unknown };
      if (typeof body.email !== 'string' || typeof body.admin !== 'boolean') {
        return jsonResponse(400, { code: 'BackendBadRequest', message: 'Send { email: string, admin: boolean }.', hint: '' });
      }
      return jsonResponse(200, await setAdminRole(ctx.db, body.email, body.admin));
    } catch (error) {
      if (error instanceof BackendError) return jsonResponse(404, { code: error.code, message: error.message, hint: error.hint });
      return jsonResponse(400, { code: 'BackendBadRequest', message: 'Send { email: string, admin: boolean } as JSON.', hint: '' });
    }
  }

  return async function app(request: Request, client: ClientInfo = { remoteAddress: '' }): Promise<Response> {
    const cors = corsHeaders(request.headers.get('origin'), ctx.allowedOrigins);
    let response: Response;
    if (request.method === 'OPTIONS') {
      response = new Response(null, { status: 204 });
    } else {
      try {
        response = await route(request, client);
      } catch (error) {
        ctx.log(`${request.method} ${request.url}: ${(error as Error).stack ?? String(error)}`);
        response = apiErrorResponse(new URL(request.url).pathname, {
          status: 500,
          restCode: 'XX000',
          authCode: 'unexpected_failure',
          message: 'Internal error of the embedded backend; see its output.',
        });
      }
    }
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(cors)) headers.set(name, value);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
