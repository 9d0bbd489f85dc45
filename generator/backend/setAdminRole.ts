import { BackendError } from './BackendError.ts';
import type { Queryable } from './Database.ts';

export interface AdminRoleChange {
  email: string;
  userId: string;
  admin: boolean;
  /** False when the user already had (or already lacked) the role. */
  changed: boolean;
}

/** Grants or revokes the admin role of the user with this email (as the database owner, bypassing the API). */
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
  const result = admin
    ? await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict (user_id, role) do nothing`, [userId])
    : await db.query(`delete from public.user_roles where user_id = $1 and role = 'admin'`, [userId]);
  return { email: normalized, userId, admin, changed: (result.affectedRows ?? 0) > 0 };
}
