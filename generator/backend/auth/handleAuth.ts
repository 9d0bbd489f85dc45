import type { BackendContext } from '../BackendContext.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { isPgDataError } from '../isPgDataError.ts';
import { readJsonBody } from '../readJsonBody.ts';
import { checkApiKey } from '../resolveCaller.ts';
import { authAccounts } from './authAccounts.ts';
import { AuthError } from './authError.ts';
import { authRateLimits } from './authRateLimits.ts';
import { authSessions } from './authSessions.ts';
import { userJson } from './userJson.ts';
import { listFactors } from './listFactors.ts';
import { isFactorsRoute, mfaFactors } from './mfaFactors.ts';
import { PKCE_PREFIX } from './pkceFlow.ts';

/** /auth/v1/*: the GoTrue subset the site uses, answering as GoTrue does so auth-js parses it. */
export function handleAuth(ctx: BackendContext) {
  const sessions = authSessions(ctx);
  const limits = authRateLimits(ctx.config.auth.rateLimit);
  const accounts = authAccounts(ctx, sessions, limits);
  const factors = mfaFactors(ctx, sessions);

  /** `clientIp`: the socket's remote address, the key of the per-IP rate limits. */
  return async function authRoute(request: Request, subPath: string, clientIp = ''): Promise<Response> {
    const url = new URL(request.url);
    const route = `${request.method} ${subPath.replace(/\/+$/, '') || '/'}`;
    try {
      // The confirmation link is opened from an email, without an apikey (Supabase's gateway allows it too).
      if (route === 'GET /verify') {
        limits.check('verify', clientIp);
        return await verifyLink(url);
      }
      // Public, as on Supabase; the HS256 secret is never published, so the set is empty (GoTrue's WellKnownJwks).
      if (route === 'GET /.well-known/jwks.json') return jsonResponse(200, { keys: [] }, { 'Cache-Control': 'public, max-age=600' });
      const keyError = await checkApiKey(request, ctx);
      if (keyError) return keyError;
      if (isFactorsRoute(route)) return jsonResponse(200, await factors.handle(route, await sessions.authenticate(request), request.method === 'POST' ? await readBody(request) : {}, clientIp));
      switch (route) {
        case 'GET /health':
          return jsonResponse(200, { version: 'embedded', name: 'GoTrue', description: 'site embedded auth' });
        case 'GET /settings':
          return jsonResponse(200, {
            external: { email: true, phone: false, anonymous_users: false },
            disable_signup: !ctx.config.auth.enableSignup,
            mailer_autoconfirm: !ctx.config.auth.email.enableConfirmations,
            phone_autoconfirm: false,
            sms_provider: '',
            saml_enabled: false,
          });
        case 'POST /signup':
          limits.check('signup', clientIp);
          return jsonResponse(200, await accounts.signUp(await readBody(request), url.searchParams.get('redirect_to')));
        case 'POST /verify': {
          limits.check('verify', clientIp);
          const body = await readBody(request);
          if (body.type !== 'signup' && body.type !== 'email') throw new AuthError(400, 'validation_failed', 'Verify requires a verification type of signup');
          return jsonResponse(200, await accounts.verifySignup(body.token_hash ?? body.token));
        }
        case 'POST /token': {
          const grant = url.searchParams.get('grant_type');
          if (grant !== 'password' && grant !== 'refresh_token' && grant !== 'pkce') throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
          limits.check('token', clientIp);
          const body = await readBody(request);
          if (grant === 'password') return jsonResponse(200, await accounts.signInWithPassword(body));
          if (grant === 'pkce') return jsonResponse(200, await accounts.pkceFlows.exchange(body));
          return jsonResponse(200, await sessions.refresh(body.refresh_token));
        }
        case 'GET /user':
          return jsonResponse(200, await userWithFactors((await sessions.authenticate(request)).user));
        case 'PUT /user': {
          const access = await sessions.authenticate(request);
          limits.check('user', clientIp);
          return jsonResponse(200, await accounts.updateUser(access.user, await readBody(request)));
        }
        case 'POST /logout': {
          const access = await sessions.authenticate(request);
          await sessions.revoke(access, url.searchParams.get('scope') ?? 'global');
          return new Response(null, { status: 204 });
        }
        default:
          throw new AuthError(404, 'not_found', `${route} is not supported by the embedded auth server`);
      }
    } catch (error) {
      if (error instanceof AuthError) return error.toResponse();
      if (isPgDataError(error)) return new AuthError(400, 'validation_failed', `The request contains a value the database cannot store: ${error.message}`).toResponse();
      ctx.log(`auth: ${route}: ${(error as Error).stack ?? String(error)}`);
      return new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information').toResponse();
    }
  };

  async function userWithFactors(user: Parameters<typeof userJson>[0]) {
    return userJson(user, await listFactors(ctx.db, user.id));
  }

  /**
   * GET /verify?token=…&type=signup&redirect_to=…: redirects with the session in the fragment, or the error;
   * a PKCE link (token pkce_…) redirects with ?code= instead, and its error is in the query too.
   */
  async function verifyLink(url: URL): Promise<Response> {
    const target = accounts.redirectTarget(url.searchParams.get('redirect_to'));
    const isPkce = (url.searchParams.get('token') ?? '').startsWith(PKCE_PREFIX);
    let fragment: URLSearchParams;
    try {
      if (url.searchParams.get('type') !== 'signup') throw new AuthError(400, 'validation_failed', 'Verify requires a verification type of signup');
      if (isPkce) {
        const user = await accounts.confirmSignup(url.searchParams.get('token'));
        return new Response(null, { status: 303, headers: { Location: await accounts.pkceFlows.redirectWithCode(ctx.db, user.id, 'email/signup', target) } });
      }
      const session = await accounts.verifySignup(url.searchParams.get('token'));
      fragment = new URLSearchParams({
        access_token: String(session.access_token),
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: String(session.refresh_token),
        token_type: 'bearer',
        type: 'signup',
      });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      fragment = new URLSearchParams({ error: 'access_denied', error_code: error.errorCode, error_description: error.message });
      if (isPkce) {
        const withQuery = new URL(target);
        for (const [k, v] of fragment) withQuery.searchParams.set(k, v);
        return new Response(null, { status: 303, headers: { Location: `${withQuery.toString().split('#')[0]}#${fragment}` } });
      }
    }
    return new Response(null, { status: 303, headers: { Location: `${target.split('#')[0]}#${fragment}` } });
  }
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const read = await readJsonBody(request);
  if (!read.ok) {
    throw new AuthError(400, 'bad_json', read.problem === 'syntax' ? 'Could not parse request body as JSON' : `Could not parse request body as JSON: ${read.reason}`);
  }
  if (read.empty) return {};
  const body = read.value;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AuthError(400, 'bad_json', 'Request body must be a JSON object');
  return body as Record<string, unknown>;
}
