import { AuthError } from './authError.ts';
import { goField, goString, goStrings } from './goJsonFields.ts';
import { parseGoUrl } from './parseGoUrl.ts';

export type OAuthClientType = 'public' | 'confidential';

/** GoTrue's token endpoint auth methods, in its order (GetAllValidAuthMethods). */
export const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'];
const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const DANGEROUS_SCHEMES = ['javascript', 'data', 'file', 'vbscript', 'about', 'blob'];

/** A client as POST /admin/oauth/clients registers it, defaults applied. */
export interface OAuthClientRegistration {
  redirectUris: string[];
  grantTypes: string[];
  clientType: OAuthClientType;
  tokenEndpointAuthMethod: string;
  clientName: string | null;
  clientUri: string | null;
  logoUri: string | null;
}

/** The fields PUT /admin/oauth/clients/{id} changes (absent: kept; null for a name or URI: cleared, as GoTrue's StringPtr("")). */
export interface OAuthClientUpdate {
  redirectUris?: string[];
  grantTypes?: string[];
  clientName?: string | null;
  clientUri?: string | null;
  logoUri?: string | null;
  tokenEndpointAuthMethod?: string;
}

const invalid = (msg: string) => new AuthError(400, 'validation_failed', msg);
/** Go's %v of a []string. */
const goList = (items: string[]) => `[${items.join(' ')}]`;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Pure: GoTrue's validateRedirectURI (RFC 6749 3.1.2): null when `uri` may be a redirect URI, else why not. */
export function redirectUriProblem(uri: string): string | null {
  if (uri === '') return 'redirect URI cannot be empty';
  const parsed = parseGoUrl(uri);
  if (parsed === null) return 'invalid URL format';
  const host = parsed.hostname + parsed.port;
  if (parsed.scheme === '' || host === '') return 'must have scheme and host';
  if (DANGEROUS_SCHEMES.includes(parsed.scheme)) return `scheme '${parsed.scheme}' is not allowed for security reasons`;
  if (parsed.scheme === 'http' && !['localhost', '127.0.0.1', '::1'].includes(parsed.hostname)) return 'HTTP scheme only allowed for localhost';
  const hash = uri.indexOf('#');
  if (hash >= 0 && uri.slice(hash + 1) !== '') return 'fragment not allowed in redirect URI';
  return null;
}

/** Pure: whether Go's url.ParseRequestURI accepts `uri`: an absolute URI or an absolute path. */
function isRequestUri(uri: string): boolean {
  if (/[\x00-\x1f\x7f]/.test(uri) || uri.startsWith(':')) return false;
  if (!uri.startsWith('/') && !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(uri)) return false;
  return parseGoUrl(uri.replaceAll('#', '%23')) !== null;
}

function checkRedirectUris(uris: string[], required: boolean): void {
  if (required && uris.length === 0) throw invalid('redirect_uris is required');
  if (uris.length === 0) throw invalid('redirect_uris cannot be empty');
  if (uris.length > 10) throw invalid('redirect_uris cannot exceed 10 items');
  for (const uri of uris) {
    const problem = redirectUriProblem(uri);
    if (problem) throw invalid(`invalid redirect_uri '${uri}': ${problem}`);
  }
}

function checkGrantTypes(types: string[]): void {
  if (types.length === 0) throw invalid('grant_types cannot be empty');
  if (types.some((type) => !GRANT_TYPES.includes(type))) throw invalid("grant_types must only contain 'authorization_code' and/or 'refresh_token'");
}

/** GoTrue's validateClientName, validateClientURI and validateLogoURI ("" is allowed and means none). */
function checkNameAndUris(name: string | undefined, clientUri: string | undefined, logoUri: string | undefined): void {
  if (name !== undefined && bytes(name) > 1024) throw invalid('client_name cannot exceed 1024 characters');
  for (const [key, uri] of [['client_uri', clientUri], ['logo_uri', logoUri]] as const) {
    if (uri === undefined || uri === '') continue;
    if (bytes(uri) > 2048) throw invalid(`${key} cannot exceed 2048 characters`);
    if (!isRequestUri(uri)) throw invalid(`${key} must be a valid URL`);
  }
}

/** Pure: GoTrue's InferClientTypeFromAuthMethod. */
function clientTypeOf(method: string): OAuthClientType {
  return method === 'none' ? 'public' : 'confidential';
}

/**
 * Pure: the body of POST /admin/oauth/clients checked as GoTrue's OAuthServerClientRegisterParams.validate
 * checks it, in its order, with its defaults (both grant types; confidential unless the auth method or
 * client_type says public; client_secret_basic, or none for a public client). A problem is a 400
 * validation_failed whose message GoTrue's handler prefixes with "400: ".
 */
export function registrationParams(body: Record<string, unknown>): OAuthClientRegistration {
  const redirectUris = goStrings(goField(body, 'redirect_uris')) ?? [];
  const grantTypes = goStrings(goField(body, 'grant_types')) ?? [];
  const clientType = goString(goField(body, 'client_type')) ?? '';
  const method = goString(goField(body, 'token_endpoint_auth_method')) ?? '';
  const clientName = goString(goField(body, 'client_name')) ?? '';
  const clientUri = goString(goField(body, 'client_uri')) ?? '';
  const logoUri = goString(goField(body, 'logo_uri')) ?? '';
  const prefixed = (check: () => void) => {
    try {
      check();
    } catch (error) {
      if (error instanceof AuthError) throw invalid(`400: ${error.message}`);
      throw error;
    }
  };
  prefixed(() => {
    checkRedirectUris(redirectUris, true);
    if (grantTypes.length > 0) checkGrantTypes(grantTypes);
    checkNameAndUris(clientName, clientUri, logoUri);
    if (clientType !== '' && clientType !== 'public' && clientType !== 'confidential') throw invalid("client_type must be 'public' or 'confidential'");
    if (method !== '' && !AUTH_METHODS.includes(method)) throw invalid(`token_endpoint_auth_method must be one of: ${goList(AUTH_METHODS)}`);
    if (clientType !== '' && method !== '' && clientType !== clientTypeOf(method)) {
      throw invalid(`client_type '${clientType}' is inconsistent with token_endpoint_auth_method '${method}' (expected client_type '${clientTypeOf(method)}')`);
    }
  });
  const type: OAuthClientType = clientType !== '' ? (clientType as OAuthClientType) : method !== '' ? clientTypeOf(method) : 'confidential';
  return {
    redirectUris,
    grantTypes: grantTypes.length > 0 ? grantTypes : GRANT_TYPES,
    clientType: type,
    tokenEndpointAuthMethod: method !== '' ? method : type === 'public' ? 'none' : 'client_secret_basic',
    clientName: clientName || null,
    clientUri: clientUri || null,
    logoUri: logoUri || null,
  };
}

/**
 * Pure: the body of PUT /admin/oauth/clients/{id} checked as GoTrue's OAuthServerClientUpdateParams:
 * a body without any field is refused, each given field is checked as at registration, and an auth
 * method must suit the client's type.
 */
export function updateParams(body: Record<string, unknown>, clientType: OAuthClientType): OAuthClientUpdate {
  const redirectUris = goStrings(goField(body, 'redirect_uris'));
  const grantTypes = goStrings(goField(body, 'grant_types'));
  const clientName = goString(goField(body, 'client_name'));
  const clientUri = goString(goField(body, 'client_uri'));
  const logoUri = goString(goField(body, 'logo_uri'));
  const method = goString(goField(body, 'token_endpoint_auth_method'));
  const given = [redirectUris, grantTypes, clientName, clientUri, logoUri, method].filter((v) => v !== undefined);
  if (given.length === 0) throw invalid('No fields provided for update');
  if (redirectUris !== undefined) checkRedirectUris(redirectUris, false);
  if (grantTypes !== undefined) checkGrantTypes(grantTypes);
  checkNameAndUris(clientName, clientUri, logoUri);
  if (method !== undefined && !AUTH_METHODS.includes(method)) throw invalid(`invalid token_endpoint_auth_method: must be one of ${goList(AUTH_METHODS)}`);
  if (method !== undefined && clientTypeOf(method) !== clientType) {
    const valid = AUTH_METHODS.filter((m) => clientTypeOf(m) === clientType);
    throw invalid(`token_endpoint_auth_method '${method}' is not valid for client_type '${clientType}'; valid methods: ${goList(valid)}`);
  }
  const nullable = (value: string | undefined) => (value === undefined ? undefined : value || null);
  return {
    ...(redirectUris !== undefined ? { redirectUris } : {}),
    ...(grantTypes !== undefined ? { grantTypes } : {}),
    ...(clientName !== undefined ? { clientName: nullable(clientName) } : {}),
    ...(clientUri !== undefined ? { clientUri: nullable(clientUri) } : {}),
    ...(logoUri !== undefined ? { logoUri: nullable(logoUri) } : {}),
    ...(method !== undefined ? { tokenEndpointAuthMethod: method } : {}),
  };
}
