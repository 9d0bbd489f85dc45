import type { BackendContext } from '../BackendContext.ts';
import { AuthError } from './authError.ts';
import { bearerClaims } from './bearerClaims.ts';

/** The roles the Supabase CLI lets use the admin API (it starts GoTrue with GOTRUE_JWT_ADMIN_ROLES=service_role). */
export const ADMIN_ROLES = ['service_role'];

/**
 * GoTrue's requireAdminCredentials: a bearer JWT signed with the project's key whose role is an admin
 * role (the service-role key). A token naming a sign-in (a user's) must name one that still exists;
 * any other role is 403 not_admin. Returns the token's claims.
 */
export async function requireAdmin(ctx: BackendContext, request: Request): Promise<Record<string, unknown>> {
  const claims = await bearerClaims(ctx, request);
  if (typeof claims.session_id === 'string' && claims.session_id !== '') {
    const session = await ctx.db.query(`select 1 from auth.sessions where id::text = $1`, [claims.session_id]);
    if (session.rows.length === 0) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (!ADMIN_ROLES.includes(String(claims.role))) throw new AuthError(403, 'not_admin', 'User not allowed');
  return claims;
}
