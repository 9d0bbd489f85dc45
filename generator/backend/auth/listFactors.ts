import type { Queryable } from '../Database.ts';

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The user's MFA factors as GoTrue lists them in the user object (`factors`), oldest first. */
export async function listFactors(db: Queryable, userId: string): Promise<Record<string, unknown>[]> {
  const found = await db.query<{
    id: string;
    friendly_name: string | null;
    factor_type: string;
    status: string;
    created_at: Date;
    updated_at: Date;
    last_challenged_at: Date | null;
  }>(
    `select id, friendly_name, factor_type, status, created_at, updated_at, last_challenged_at
       from auth.mfa_factors where user_id = $1 order by created_at`,
    [userId],
  );
  return found.rows.map((f) => ({
    id: f.id,
    ...(f.friendly_name ? { friendly_name: f.friendly_name } : {}),
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    phone: '',
    last_challenged_at: iso(f.last_challenged_at),
  }));
}
