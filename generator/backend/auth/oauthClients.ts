import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { BackendContext } from '../BackendContext.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { readJsonBody } from '../readJsonBody.ts';
import { AuthError } from './authError.ts';
import { GoJsonTypeError } from './goJsonFields.ts';
import { registrationParams, updateParams, type OAuthClientType, type OAuthClientUpdate } from './oauthClientParams.ts';

interface OAuthClientRow {
  id: string;
  client_type: OAuthClientType;
  registration_type: string;
  token_endpoint_auth_method: string;
  redirect_uris: string;
  grant_types: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, client_type, registration_type, token_endpoint_auth_method, redirect_uris, grant_types, client_name, client_uri, logo_uri, created_at, updated_at';
/** Pure: a client id as Go's uuid.FromString reads it (canonical, braced, urn:uuid: prefixed, or 32 hex digits), canonical, or null. */
export function goUuid(text: string): string | null {
  const canonical = /^(?:urn:uuid:)?\{?([0-9a-f]{8})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{4})-?([0-9a-f]{12})\}?$/i.exec(text);
  if (!canonical || text.startsWith('{') !== text.endsWith('}')) return null;
  const dashes = (text.match(/-/g) ?? []).length;
  if (dashes !== 0 && dashes !== 4) return null;
  return canonical.slice(1).join('-').toLowerCase();
}

/** Pure: a stored client as GoTrue's oauthServerClientToResponse shows it (empty fields left out, as its omitempty does). */
export function clientJson(row: OAuthClientRow, secret?: string): Record<string, unknown> {
  const list = (joined: string) => (joined === '' ? undefined : joined.split(','));
  const present = (entries: Record<string, unknown>) => Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  return present({
    client_id: row.id,
    client_secret: secret,
    client_type: row.client_type,
    redirect_uris: list(row.redirect_uris),
    token_endpoint_auth_method: row.token_endpoint_auth_method,
    grant_types: list(row.grant_types),
    response_types: ['code'],
    client_name: row.client_name,
    client_uri: row.client_uri,
    logo_uri: row.logo_uri,
    registration_type: row.registration_type,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  });
}

/** A new secret as GoTrue's generateClientSecret makes it, and the SHA-256 hash it stores (hashClientSecret). */
function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: createHash('sha256').update(secret).digest('base64url') };
}

/** The request's JSON object as GoTrue's OAuth handlers decode it: anything else is 400 bad_json "Invalid JSON body". */
async function readObject(request: Request): Promise<Record<string, unknown>> {
  const read = await readJsonBody(request);
  if (!read.ok || read.empty || (read.value !== null && (typeof read.value !== 'object' || Array.isArray(read.value)))) {
    throw new AuthError(400, 'bad_json', 'Invalid JSON body');
  }
  return (read.value ?? {}) as Record<string, unknown>;
}

/** Body decoding and validation as one step: a value of the wrong JSON type is Go's decode error. */
async function decoded<T>(request: Request, parse: (body: Record<string, unknown>) => T): Promise<T> {
  const body = await readObject(request);
  try {
    return parse(body);
  } catch (error) {
    if (error instanceof GoJsonTypeError) throw new AuthError(400, 'bad_json', 'Invalid JSON body');
    throw error;
  }
}

/**
 * The admin half of GoTrue's OAuth 2.1 server (internal/api/oauthserver/handlers.go), on
 * auth.oauth_clients: POST and GET /admin/oauth/clients, GET, PUT and DELETE
 * /admin/oauth/clients/{client_id}, POST …/{client_id}/regenerate_secret. The caller has checked the
 * service role and that [auth.oauth_server] is enabled. Returns null for any other route.
 */
export function oauthClients(ctx: BackendContext) {
  async function load(idText: string): Promise<OAuthClientRow> {
    const id = goUuid(idText);
    if (id === null) throw new AuthError(400, 'validation_failed', 'invalid client_id format');
    const found = await ctx.db.query<OAuthClientRow>(`select ${COLUMNS} from auth.oauth_clients where id = $1 and deleted_at is null`, [id]);
    if (found.rows.length === 0) throw new AuthError(404, 'oauth_client_not_found', 'OAuth client not found');
    return found.rows[0];
  }

  async function create(request: Request): Promise<Response> {
    const params = await decoded(request, registrationParams);
    const secret = params.clientType === 'confidential' ? newSecret() : null;
    const created = await ctx.db.query<OAuthClientRow>(
      `insert into auth.oauth_clients (id, client_secret_hash, registration_type, client_type, token_endpoint_auth_method, redirect_uris, grant_types, client_name, client_uri, logo_uri)
       values ($1, $2, 'manual', $3, $4, $5, $6, $7, $8, $9) returning ${COLUMNS}`,
      [randomUUID(), secret?.hash ?? null, params.clientType, params.tokenEndpointAuthMethod, params.redirectUris.join(','), params.grantTypes.join(','), params.clientName, params.clientUri, params.logoUri],
    );
    return jsonResponse(201, clientJson(created.rows[0], secret?.secret));
  }

  async function update(client: OAuthClientRow, change: OAuthClientUpdate): Promise<Response> {
    const updated = await ctx.db.query<OAuthClientRow>(
      `update auth.oauth_clients set
         redirect_uris = coalesce($2, redirect_uris), grant_types = coalesce($3, grant_types),
         client_name = case when $4 then $5 else client_name end, client_uri = case when $6 then $7 else client_uri end,
         logo_uri = case when $8 then $9 else logo_uri end,
         token_endpoint_auth_method = coalesce($10, token_endpoint_auth_method), updated_at = now()
       where id = $1 returning ${COLUMNS}`,
      [
        client.id,
        change.redirectUris?.join(',') ?? null,
        change.grantTypes?.join(',') ?? null,
        'clientName' in change,
        change.clientName ?? null,
        'clientUri' in change,
        change.clientUri ?? null,
        'logoUri' in change,
        change.logoUri ?? null,
        change.tokenEndpointAuthMethod ?? null,
      ],
    );
    return jsonResponse(200, clientJson(updated.rows[0]));
  }

  async function regenerateSecret(client: OAuthClientRow): Promise<Response> {
    if (client.client_type !== 'confidential') throw new AuthError(400, 'validation_failed', 'Cannot regenerate secret for public client');
    const secret = newSecret();
    const updated = await ctx.db.query<OAuthClientRow>(`update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning ${COLUMNS}`, [client.id, secret.hash]);
    return jsonResponse(200, clientJson(updated.rows[0], secret.secret));
  }

  async function list(): Promise<Response> {
    // GoTrue lists every client, newest first, without pagination; an empty list is left out of the object.
    const found = await ctx.db.query<OAuthClientRow>(`select ${COLUMNS} from auth.oauth_clients where deleted_at is null order by created_at desc`);
    return jsonResponse(200, found.rows.length > 0 ? { clients: found.rows.map((row) => clientJson(row)) } : {});
  }

  return async function oauthClientRoute(request: Request, route: string): Promise<Response | null> {
    if (route === 'POST /admin/oauth/clients') return create(request);
    if (route === 'GET /admin/oauth/clients') return list();
    const one = /^(GET|PUT|DELETE|POST) \/admin\/oauth\/clients\/([^/]+)(\/regenerate_secret)?$/.exec(route);
    if (!one) return null;
    const [, method, idText, regenerate] = one;
    if (regenerate ? method !== 'POST' : method === 'POST') return null;
    const client = await load(idText);
    if (method === 'GET') return jsonResponse(200, clientJson(client));
    if (method === 'PUT') return update(client, await decoded(request, (body) => updateParams(body, client.client_type)));
    if (method === 'DELETE') {
      await ctx.db.query(`update auth.oauth_clients set deleted_at = now(), updated_at = now() where id = $1`, [client.id]);
      return new Response(null, { status: 204 });
    }
    return regenerateSecret(client);
  };
}
