import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GoTrue's routes for features the embedded server does not have, answered as GoTrue answers
 * with the feature off (its require…Enabled middleware): SAML SSO, passkeys (when [auth.passkey] is
 * off), the OAuth 2.1 server (when [auth.oauth_server] is off), identity linking. Throws that error, or returns null for any other route. The routes
 * GoTrue puts behind requireAuthentication check the token first (`authenticate`).
 */
export async function disabledFeature(ctx: BackendContext, route: string, url: URL, authenticate: () => Promise<unknown>): Promise<null> {
  const path = route.slice(route.indexOf(' ') + 1);
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under('/sso')) throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  if (under('/passkeys') && !ctx.config.auth.passkey.enabled) throw new AuthError(404, 'passkey_disabled', 'Passkeys are disabled');
  // With [auth.oauth_server] enabled only its admin client registry is served: these fall through to 404 not_found.
  const oauthOff = !ctx.config.auth.oauthServer.enabled;
  if (oauthOff && (under('/oauth') || path === '/.well-known/oauth-authorization-server')) throw new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
  if (under('/user/oauth/grants')) {
    await authenticate();
    if (oauthOff) throw new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
  }
  if (under('/user/identities')) {
    await authenticate();
    if (!ctx.config.auth.enableManualLinking) throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
    // Linking on: there is no external provider to link, and the one email identity cannot go.
    const unlink = /^DELETE \/user\/identities\/([^/]+)$/.exec(route);
    if (unlink) {
      if (!UUID.test(unlink[1])) throw new AuthError(404, 'validation_failed', 'identity_id must be an UUID');
      throw new AuthError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking');
    }
    const provider = url.searchParams.get('provider') ?? '';
    throw new AuthError(400, 'validation_failed', `Unsupported provider: ${provider ? `${provider} is not enabled` : 'provider is required'}`);
  }
  return null;
}
