import { BackendError } from './BackendError.ts';
import type { Queryable } from './Database.ts';

export interface AdminRoleChange {
  email: string;
  userId: string;
  admin: boolean;
  /** False when the user already was (or already was not) an admin. */
  changed: boolean;
}

/** SQLSTATEs of a missing function (42883 undefined_function) or schema (3F000 invalid_schema_name). */
const MISSING = new Set(['42883', '3F000']);

/**
 * Grants or revokes admin rights of the user with this email, as the
 * database owner (bypassing the API). What an admin is belongs to the site:
 * its migrations define `private.set_admin(user_id uuid, admin boolean)
 * returns boolean` (true when something changed), which this calls.
 */
export async function setAdminRole(db: Queryable, email: string, admin: boolean): Promise<AdminRoleChange> {
  const normalized = email.trim().toLowerCase();
  const user = await db.query<{ id: string }>(`select id from auth.users where lower(email) = $1`, [normalized]);
  if (!user.rows[0]) {
    throw new BackendError(
      'BackendUserNotFound',
      `No user signs in with ${normalized} in the local database.`,
      'Sign up with that email on the site first (or check the spelling), then grant the role again.',
    );
  }
  const userId = user.rows[0].id;
  try {
    const result = await db.query<{ changed: boolean }>(`select private.set_admin($1::uuid, $2::boolean) as changed`, [userId, admin]);
    return { email: normalized, userId, admin, changed: result.rows[0]?.changed === true };
  } catch (error) {
    if (!MISSING.has(String((error as { code?: unknown }).code))) throw error;
    throw new BackendError(
      'BackendAdminFunctionMissing',
      `The site's database defines no private.set_admin(user_id uuid, admin boolean), the function that says what an admin is, so the admin rights of ${normalized} cannot change.`,
      'Define private.set_admin(user_id uuid, admin boolean) in a migration; see supabase/README.md.',
      { cause: error },
    );
  }
}
