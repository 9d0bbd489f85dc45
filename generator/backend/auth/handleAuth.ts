import type { BackendContext } from '../BackendContext.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { isPgDataError } from '../isPgDataError.ts';
import { readJsonBody } from '../readJsonBody.ts';
import { checkApiKey } from '../resolveCaller.ts';
import { authAccounts } from './authAccounts.ts';
import { AuthError } from './authError.ts';
import { authRateLimits, type LimitedRoute } from './authRateLimits.ts';
import { authMails } from './authMails.ts';
import { authSessions } from './authSessions.ts';
import { sendOtp } from './otpFlows.ts';
import { reauthentication } from './reauthenticate.ts';
import { recoverPassword } from './recovery.ts';
import { resendMail } from './resend.ts';
import { verifyEmail } from './verifyEmail.ts';
import { userJson } from './userJson.ts';
import { listFactors } from './listFactors.ts';
import { isFactorsRoute, mfaFactors } from './mfaFactors.ts';
import { adminRoutes, isAdminRoute } from './adminRoutes.ts';
import { disabledFeature } from './disabledFeatures.ts';
import { idTokenGrant } from './idTokenGrant.ts';
import { signUpAnonymously } from './signUpAnonymously.ts';
import { passkeys } from './webauthn/passkeys.ts';

/** /auth/v1/*: the GoTrue subset the site uses, answering as GoTrue does so auth-js parses it. */
export function handleAuth(ctx: BackendContext) {
  const sessions = authSessions(ctx);
  const limits = authRateLimits(ctx.config.auth.rateLimit, ctx.rateLimitClock);
  const accounts = authAccounts(ctx, sessions, limits);
  const factors = mfaFactors(ctx, sessions, limits);
  const mails = authMails(ctx, limits);
  // A PKCE link (token pkce_…) redirects with ?code= of the flow state its sign-up stored.
  const verify = verifyEmail(ctx, sessions, {
    issueAuthCode: (db, user, type) => accounts.pkceFlows.issueAuthCode(db, user.id, type === 'signup' ? 'email/signup' : type),
  });
  const reauth = reauthentication(ctx, mails);
  const admin = adminRoutes(ctx, mails, accounts.redirectTarget, readBody);
  const passkeyRoutes = passkeys(ctx, sessions, limits);

  /** `clientIp`: the socket's remote address, the key of the per-IP rate limits. */
  return async function authRoute(request: Request, subPath: string, clientIp = ''): Promise<Response> {
    const url = new URL(request.url);
    const route = `${request.method} ${subPath.replace(/\/+$/, '') || '/'}`;
    // Where a mailed link sends people back to (GoTrue's GetReferrer): a target isRedirectUrlValid allows, else site_url.
    const redirectTo = accounts.redirectTarget(request.headers.get('redirect_to') || url.searchParams.get('redirect_to'), request.headers.get('referer'));
    /** A route under a per-IP limit answering 200 with what `answer` returns. */
    const limited = async (limit: LimitedRoute, answer: () => Promise<Record<string, unknown>>) => {
      limits.check(limit, clientIp);
      return jsonResponse(200, await answer());
    };
    try {
      // The confirmation link is opened from an email, without an apikey (Supabase's gateway allows it too).
      if (route === 'GET /verify') {
        limits.check('verify', clientIp);
        return await verify.verifyGet(url, redirectTo);
      }
      // Public, as on Supabase: the public signing keys with their kid (GoTrue's WellKnownJwks); the HS256 secret never is.
      if (route === 'GET /.well-known/jwks.json') return jsonResponse(200, ctx.keys.jwks, { 'Cache-Control': 'public, max-age=600' });
      const keyError = await checkApiKey(request, ctx);
      if (keyError) return keyError;
      if (isAdminRoute(route)) return await admin(request, url, route, redirectTo);
      const disabled = await disabledFeature(ctx, route, url, () => sessions.authenticate(request));
      if (disabled) return disabled;
      if (/^\S+ \/passkeys(\/|$)/.test(route)) return await passkeyRoutes.handle(route, request, () => readBody(request), clientIp);
      if (isFactorsRoute(route)) return jsonResponse(200, await factors.handle(route, await sessions.authenticate(request), request.method === 'POST' ? await readBody(request) : {}, clientIp));
      switch (route) {
        case 'GET /health':
          return jsonResponse(200, { version: 'embedded', name: 'GoTrue', description: 'site embedded auth' });
        case 'GET /settings':
          return jsonResponse(200, {
            external: { email: true, phone: false, anonymous_users: ctx.config.auth.enableAnonymousSignIns },
            disable_signup: !ctx.config.auth.enableSignup,
            mailer_autoconfirm: !ctx.config.auth.email.enableConfirmations,
            phone_autoconfirm: false,
            sms_provider: '',
            saml_enabled: false,
          });
        case 'POST /signup': {
          const body = await readBody(request);
          // Neither email nor phone: an anonymous sign-in, under its own limit (GoTrue's router).
          if (!body.email && !body.phone) {
            if (ctx.config.auth.enableAnonymousSignIns) limits.check('anonymous', clientIp);
            return jsonResponse(200, await signUpAnonymously(ctx, sessions, body));
          }
          limits.check('signup', clientIp);
          if (!body.email) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
          return jsonResponse(200, await accounts.signUp(body, redirectTo));
        }
        case 'POST /verify':
          return await limited('verify', async () => verify.verifyPost(await readBody(request)));
        case 'POST /otp':
          return await limited('otp', async () => sendOtp(ctx, accounts, mails, await readBody(request), redirectTo));
        case 'POST /recover':
          return await limited('recover', async () => recoverPassword(ctx, accounts, mails, await readBody(request), redirectTo));
        case 'POST /resend':
          return await limited('resend', async () => resendMail(ctx, accounts, mails, await readBody(request), redirectTo));
        case 'GET /reauthenticate':
          return jsonResponse(200, await reauth.request((await sessions.authenticate(request)).user));
        case 'POST /token': {
          const grant = url.searchParams.get('grant_type');
          if (grant === 'web3') throw new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
          if (grant === 'id_token') {
            limits.check('token', clientIp);
            return idTokenGrant(await readBody(request));
          }
          if (grant !== 'password' && grant !== 'refresh_token' && grant !== 'pkce') throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
          limits.check('token', clientIp);
          const body = await readBody(request);
          if (grant === 'password' && !body.email && body.phone) throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
          if (grant === 'password') return jsonResponse(200, await accounts.signInWithPassword(body));
          if (grant === 'pkce') return jsonResponse(200, await accounts.pkceFlows.exchange(body));
          return jsonResponse(200, await sessions.refresh(body.refresh_token));
        }
        case 'GET /user':
          return jsonResponse(200, await userWithFactors((await sessions.authenticate(request)).user));
        case 'PUT /user': {
          const access = await sessions.authenticate(request);
          limits.check('user', clientIp);
          return jsonResponse(200, await accounts.updateUser(access.user, await readBody(request), { sessionId: access.sessionId, aal: access.aal, redirectTo }));
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
