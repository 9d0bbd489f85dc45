// `site admin grant|revoke` asks the site's schema what an admin is: it runs
// private.set_admin(user_id, admin) of the migrations, and explains what to
// define when a site has none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminRole } from '../../../generator/backend/setAdminRole.ts';
import { startTestBackend } from '../../../generator/backend/testBackend.ts';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { signedInClient } from './testClients.ts';

let backend: RunningBackend;
let original = '';
beforeAll(async () => {
  backend = await startTestBackend();
  original = (await backend.db.query<{ def: string }>(`select pg_get_functiondef('private.set_admin(uuid, boolean)'::regprocedure) as def`)).rows[0].def;
});

/** Puts the migration's function back, with its grants, after a test replaced or dropped it. */
async function restoreSetAdmin() {
  await backend.db.exec(`drop function if exists private.set_admin(uuid, boolean)`);
  await backend.db.exec(original);
  await backend.db.exec(`revoke all on function private.set_admin(uuid, boolean) from public, anon, authenticated;
    grant execute on function private.set_admin(uuid, boolean) to service_role;`);
}
afterAll(() => backend?.close());

const adminRows = async (userId: string) =>
  (await backend.db.query(`select 1 from public.user_roles where user_id = $1 and role = 'admin'`, [userId])).rows.length;

const canExecute = async (role: string) =>
  (await backend.db.query<{ ok: boolean }>(`select has_function_privilege($1, 'private.set_admin(uuid, boolean)', 'execute') as ok`, [role])).rows[0].ok;

describe("this site's private.set_admin", () => {
  it('grants and revokes, and says whether anything changed', async () => {
    const { email, userId } = await signedInClient(backend);
    expect(await setAdminRole(backend.db, email.toUpperCase(), true)).toEqual({ email, userId, admin: true, changed: true });
    expect(await adminRows(userId)).toBe(1);
    expect(await setAdminRole(backend.db, email, true)).toMatchObject({ changed: false });
    expect(await setAdminRole(backend.db, email, false)).toMatchObject({ admin: false, changed: true });
    expect(await adminRows(userId)).toBe(0);
    expect(await setAdminRole(backend.db, email, false)).toMatchObject({ changed: false });
  });

  it('runs for the database owner and the service role only', async () => {
    expect(await canExecute('anon')).toBe(false);
    expect(await canExecute('authenticated')).toBe(false);
    expect(await canExecute('service_role')).toBe(true);
    const { rows } = await backend.db.query<{ definer: boolean; config: string[] }>(
      `select prosecdef as definer, proconfig as config from pg_proc where oid = 'private.set_admin(uuid, boolean)'::regprocedure`,
    );
    expect(rows[0]).toEqual({ definer: true, config: ['search_path=""'] });
  });
});

describe('the engine', () => {
  it('calls whatever the site defines as private.set_admin, and keeps the user-not-found error', async () => {
    const { email, userId } = await signedInClient(backend);
    await backend.db.exec(`
      create table private.admins_elsewhere (user_id uuid primary key);
      create or replace function private.set_admin(user_id uuid, admin boolean) returns boolean
        language sql security definer set search_path = '' as $$
          insert into private.admins_elsewhere values (set_admin.user_id) on conflict do nothing returning admin
        $$;`);
    try {
      expect(await setAdminRole(backend.db, email, true)).toMatchObject({ admin: true, changed: true });
      expect((await backend.db.query(`select 1 from private.admins_elsewhere where user_id = $1`, [userId])).rows).toHaveLength(1);
      expect(await adminRows(userId)).toBe(0);
      await expect(setAdminRole(backend.db, 'nobody@example.com', true)).rejects.toMatchObject({ code: 'BackendUserNotFound' });
    } finally {
      await restoreSetAdmin();
      await backend.db.exec(`drop table private.admins_elsewhere`);
    }
  });

  it('without the function: BackendAdminFunctionMissing with a hint, over HTTP too', async () => {
    const { email } = await signedInClient(backend);
    await backend.db.exec(`drop function private.set_admin(uuid, boolean)`);
    try {
      const error = await setAdminRole(backend.db, email, true).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'BackendError', code: 'BackendAdminFunctionMissing' });
      expect((error as Error).message).toContain('private.set_admin(user_id uuid, admin boolean)');
      expect((error as { hint: string }).hint).toBe('Define private.set_admin(user_id uuid, admin boolean) in a migration; see supabase/README.md.');

      const response = await fetch(`${backend.apiUrl}/_site/v1/admin-roles`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${backend.serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, admin: true }),
      });
      expect(await response.json()).toMatchObject({ code: 'BackendAdminFunctionMissing', hint: expect.stringContaining('supabase/README.md') });
    } finally {
      await restoreSetAdmin();
    }
  });

  it('without the private schema either (3F000)', async () => {
    const { email } = await signedInClient(backend);
    await backend.db.exec(`alter schema private rename to private_kept`);
    try {
      await expect(setAdminRole(backend.db, email, false)).rejects.toMatchObject({ code: 'BackendAdminFunctionMissing' });
    } finally {
      await backend.db.exec(`alter schema private_kept rename to private`);
    }
  });
});
