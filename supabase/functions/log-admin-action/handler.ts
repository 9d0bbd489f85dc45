/**
 * log-admin-action: records what an admin did in public.admin_audit_log.
 *
 * A pure handler on Web Request/Response. Its I/O comes in as deps, so the
 * same code runs in Deno (index.ts, supabase-js with the service role; the
 * embedded backend runs it too) and in Node (the unit tests). No imports: it
 * must load in both.
 *
 *   OPTIONS            -> 204 with CORS headers
 *   no/invalid token   -> 401 { error }
 *   not an admin       -> 403 { error }
 *   bad body           -> 400 { error }
 *   ok                 -> 200 { ok: true, entry: { id, action, resource_type, resource_id, created_at } }
 */

export interface AuditUser {
  id: string;
  email: string | null;
}

export interface AuditEntry {
  actorId: string;
  actorEmail: string | null;
  action: string;
  resourceType: string;
  resourceId: string | null;
}

export interface LogAdminActionDeps {
  /** The user the access token belongs to, or null when it is not a valid user token. */
  getUser(accessToken: string): Promise<AuditUser | null>;
  /** Does this user hold the admin role (a user_roles row with role admin)? */
  isAdmin(userId: string): Promise<boolean>;
  /** Inserts one audit row and returns it as stored. */
  insertAudit(entry: AuditEntry): Promise<Record<string, unknown>>;
  /** Is a browser on this origin allowed to call (CORS)? */
  isAllowedOrigin(origin: string): boolean;
}

export interface AuditBody {
  action: string;
  resourceType: string;
  resourceId: string | null;
}

const NAME = /^[a-z][a-z0-9_]*$/;
/** Text Postgres can store: no NUL (22021 / 22P05), no lone surrogate (not UTF-8). */
const STORABLE = /^(?:[^\u0000\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;
const ALLOWED_HEADERS = 'authorization, x-client-info, apikey, content-type, x-supabase-api-version, x-region';

export async function handler(request: Request, deps: LogAdminActionDeps): Promise<Response> {
  const origin = request.headers.get('origin');
  const cors: Record<string, string> = { Vary: 'Origin' };
  if (origin && deps.isAllowedOrigin(origin)) {
    cors['Access-Control-Allow-Origin'] = origin;
    cors['Access-Control-Allow-Headers'] = ALLOWED_HEADERS;
    cors['Access-Control-Allow-Methods'] = 'POST, OPTIONS';
    cors['Access-Control-Max-Age'] = '86400';
  }
  const reply = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { ...cors, 'Content-Type': 'application/json; charset=utf-8' } });

  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  if (request.method !== 'POST') return reply(405, { error: 'Use POST.' });

  try {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const user = token ? await deps.getUser(token) : null;
    if (!user) return reply(401, { error: 'Sign in first: this function needs a valid user access token.' });
    if (!(await deps.isAdmin(user.id))) return reply(403, { error: 'Only admins can log admin actions.' });

    let raw: unknown;
    try {
      raw = JSON.parse(await request.text());
    } catch {
      return reply(400, { error: 'The body must be JSON: { action, resourceType, resourceId }.' });
    }
    const parsed = parseAuditBody(raw);
    if ('error' in parsed) return reply(400, { error: parsed.error });

    const entry = await deps.insertAudit({ actorId: user.id, actorEmail: user.email, ...parsed.body });
    return reply(200, { ok: true, entry });
  } catch (error) {
    console.error('log-admin-action failed', error);
    return reply(500, { error: 'The action could not be logged. Try again.' });
  }
}

/** Pure: checks the body. action and resourceType are snake_case names (1-100), resourceId storable text (1-200) or null. */
export function parseAuditBody(raw: unknown): { body: AuditBody } | { error: string } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { error: 'The body must be a JSON object: { action, resourceType, resourceId }.' };
  }
  const body = raw as Record<string, unknown>;
  const unknown = Object.keys(body).filter((k) => !['action', 'resourceType', 'resourceId'].includes(k));
  if (unknown.length) return { error: `Unknown field ${unknown[0]}: expected action, resourceType, resourceId.` };
  for (const field of ['action', 'resourceType'] as const) {
    const value = body[field];
    if (typeof value !== 'string' || value.length < 1 || value.length > 100 || !NAME.test(value)) {
      return { error: `${field} must be a snake_case name of 1 to 100 characters, such as view_contact_submissions.` };
    }
  }
  const resourceId = body.resourceId ?? null;
  if (resourceId !== null && (typeof resourceId !== 'string' || resourceId.length < 1 || resourceId.length > 200 || !STORABLE.test(resourceId))) {
    return { error: 'resourceId must be null or a string of 1 to 200 characters, without NUL characters or lone surrogates.' };
  }
  return { body: { action: body.action as string, resourceType: body.resourceType as string, resourceId } };
}
