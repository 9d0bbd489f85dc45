import { handler as logAdminAction, type LogAdminActionDeps } from '../../../supabase/functions/log-admin-action/handler.ts';
import type { BackendContext } from '../BackendContext.ts';
import { isAllowedOrigin } from '../corsHeaders.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { checkApiKey } from '../resolveCaller.ts';
import { runAsCaller } from '../runAsCaller.ts';

const SERVICE = { role: 'service_role' as const, claims: { role: 'service_role' } };

/**
 * /functions/v1/<name>: runs the production handler of each edge function
 * with deps backed by the embedded database, as the Deno wrapper backs them
 * with supabase-js and the service role.
 */
export function handleFunctions(ctx: BackendContext) {
  const deps: LogAdminActionDeps = {
    isAllowedOrigin: (origin) => isAllowedOrigin(origin, ctx.allowedOrigins),
    async getUser(accessToken) {
      const verified = await ctx.keys.verify(accessToken);
      if ('reason' in verified || typeof verified.claims.sub !== 'string') return null;
      const found = await ctx.db.query<{ id: string; email: string | null }>(
        `select u.id, u.email from auth.users u join auth.sessions s on s.user_id = u.id
          where u.id = $1 and s.id::text = $2`,
        [verified.claims.sub, String(verified.claims.session_id ?? '')],
      );
      return found.rows[0] ?? null;
    },
    async isAdmin(userId) {
      return runAsCaller(ctx.db, SERVICE, { method: 'GET', path: '/rest/v1/user_roles' }, async (tx) => {
        const res = await tx.query(`select 1 from public.user_roles where user_id = $1 and role = 'admin'`, [userId]);
        return res.rows.length > 0;
      });
    },
    async insertAudit(entry) {
      return runAsCaller(ctx.db, SERVICE, { method: 'POST', path: '/rest/v1/admin_audit_log' }, async (tx) => {
        const res = await tx.query<{ entry: Record<string, unknown> }>(
          `with inserted as (
             insert into public.admin_audit_log (actor_id, actor_email, action, resource_type, resource_id)
             values ($1, $2, $3, $4, $5)
             returning id, action, resource_type, resource_id, created_at)
           select row_to_json(inserted) as entry from inserted`,
          [entry.actorId, entry.actorEmail, entry.action, entry.resourceType, entry.resourceId],
        );
        return res.rows[0].entry;
      });
    },
  };

  return async function functionsRoute(request: Request, subPath: string): Promise<Response> {
    const name = subPath.split('/').filter(Boolean)[0];
    const keyError = await checkApiKey(request, ctx);
    if (keyError) return keyError;
    if (name === 'log-admin-action') return logAdminAction(request, deps);
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
  };
}
