import type { BackendContext } from '../BackendContext.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { adminUsers } from './adminUsers.ts';
import { AuthError } from './authError.ts';
import type { authMails } from './authMails.ts';
import { adminLinks } from './generateLink.ts';
import { oauthClients } from './oauthClients.ts';
import { requireAdmin } from './requireAdmin.ts';
import { adminPasskeys } from './webauthn/passkeys.ts';

type ReadBody = (request: Request) => Promise<Record<string, unknown>>;

/** Pure: whether `route` ("METHOD /path") is one of GoTrue's admin-only routes. */
export function isAdminRoute(route: string): boolean {
  return /^\S+ \/admin(\/|$)/.test(route) || route === 'POST /invite';
}

/**
 * GoTrue's admin API (router in api.go, handlers in admin.go, mail.go, invite.go), all behind
 * requireAdmin: users, their factors, generate_link and invite, and the OAuth server's client
 * registry with [auth.oauth_server] enabled (as GoTrue answers with that server off otherwise), a
 * user's passkeys; SSO providers, custom providers and the audit log are not served (404).
 */
export function adminRoutes(ctx: BackendContext, mails: ReturnType<typeof authMails>, redirectTarget: (requested: string | null) => string, readBody: ReadBody) {
  const users = adminUsers(ctx);
  const links = adminLinks(ctx, mails, redirectTarget);
  const clients = oauthClients(ctx);

  /** `redirectTo`: the request's link target as GetReferrer chose it. */
  return async function adminRoute(request: Request, url: URL, route: string, redirectTo: string): Promise<Response> {
    await requireAdmin(ctx, request);
    if (route === 'POST /invite') return jsonResponse(200, await links.invite(await readBody(request), redirectTo));
    if (route === 'POST /admin/generate_link') return jsonResponse(200, await links.generateLink(await readBody(request), redirectTo));
    if (route === 'GET /admin/users') {
      const { body, headers } = await users.list(url);
      return jsonResponse(200, body, headers);
    }
    if (route === 'POST /admin/users') return jsonResponse(200, await users.create(await readBody(request)));
    if (/^\S+ \/admin\/oauth(\/|$)/.test(route)) {
      if (!ctx.config.auth.oauthServer.enabled) throw new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
      const answer = await clients(request, route);
      if (answer) return answer;
    }
    const user = /^(GET|PUT|DELETE) \/admin\/users\/([^/]+)$/.exec(route);
    if (user) {
      const [, method, id] = user;
      if (method === 'GET') return jsonResponse(200, await users.get(id));
      if (method === 'PUT') return jsonResponse(200, await users.update(id, await readBody(request)));
      return jsonResponse(200, await users.remove(id, await readBody(request)));
    }
    if (/^GET \/admin\/users\/[^/]+\/factors$/.test(route)) return jsonResponse(200, await users.factors(route.split('/')[3]));
    const factor = /^(PUT|DELETE) \/admin\/users\/([^/]+)\/factors\/([^/]+)$/.exec(route);
    if (factor) {
      const [, method, id, factorId] = factor;
      if (method === 'DELETE') return jsonResponse(200, await users.deleteFactor(id, factorId));
      return jsonResponse(200, await users.updateFactor(id, factorId, await readBody(request)));
    }
    const passkeys = await adminPasskeys(ctx.db, route, users.load);
    if (passkeys) return passkeys;
    throw new AuthError(404, 'not_found', `${route} is not supported by the embedded auth server`);
  };
}
