// The full permission matrix through the real supabase-js client:
// 3 callers x 4 tables x 4 operations = 48 cells, every one asserted,
// on PGlite and on a real PostgreSQL server (testEngines.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { adminClient, clientFor, signedInClient, uniqueEmail } from './testClients.ts';
import { ENGINES } from './testEngines.ts';

type Actor = 'anon' | 'user' | 'admin';
type Table = 'contact_submissions' | 'waitlist' | 'user_roles' | 'admin_audit_log';
type Op = 'select' | 'insert' | 'update' | 'delete';
/**
 * allowed: succeeds (select: sees every row)   own: select sees only the caller's rows
 * empty: select succeeds with no rows (RLS)     refused: 42501, 401 for anon / 403 signed in
 */
type Expect = 'allowed' | 'own' | 'empty' | 'refused';

const MATRIX: Record<Table, Record<Op, Record<Actor, Expect>>> = {
  contact_submissions: {
    select: { anon: 'refused', user: 'empty', admin: 'allowed' },
    insert: { anon: 'allowed', user: 'allowed', admin: 'allowed' },
    update: { anon: 'refused', user: 'refused', admin: 'refused' },
    delete: { anon: 'refused', user: 'refused', admin: 'refused' },
  },
  waitlist: {
    select: { anon: 'refused', user: 'refused', admin: 'refused' },
    insert: { anon: 'allowed', user: 'allowed', admin: 'allowed' },
    update: { anon: 'refused', user: 'refused', admin: 'refused' },
    delete: { anon: 'refused', user: 'refused', admin: 'refused' },
  },
  user_roles: {
    select: { anon: 'refused', user: 'own', admin: 'own' },
    insert: { anon: 'refused', user: 'refused', admin: 'refused' },
    update: { anon: 'refused', user: 'refused', admin: 'refused' },
    delete: { anon: 'refused', user: 'refused', admin: 'refused' },
  },
  admin_audit_log: {
    select: { anon: 'refused', user: 'refused', admin: 'refused' },
    insert: { anon: 'refused', user: 'refused', admin: 'refused' },
    update: { anon: 'refused', user: 'refused', admin: 'refused' },
    delete: { anon: 'refused', user: 'refused', admin: 'refused' },
  },
};

const CELLS = (Object.keys(MATRIX) as Table[]).flatMap((table) =>
  (Object.keys(MATRIX[table]) as Op[]).flatMap((op) =>
    (Object.keys(MATRIX[table][op]) as Actor[]).map((actor) => ({ table, op, actor, expected: MATRIX[table][op][actor] })),
  ),
);

const TAMPER: Record<Table, Record<string, unknown>> = {
  contact_submissions: { message: 'tampered' },
  waitlist: { name: 'tampered' },
  user_roles: { role: 'admin' },
  admin_audit_log: { action: 'tampered' },
};

describe.each(ENGINES)('$name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }

  let backend: RunningBackend;
  let service: SupabaseClient;
  const clients = {} as Record<Actor, SupabaseClient>;
  const userIds = {} as Record<Actor, string | null>;
  /** One row per table, created with the service role before the matrix runs. */
  const fixture = {} as Record<Table, Record<string, unknown>>;

  function newRow(table: Table, actor: Actor): Record<string, unknown> {
    const tag = `${actor} ${Date.now()} ${Math.random()}`;
    switch (table) {
      case 'contact_submissions':
        return { name: 'Matrix', email: uniqueEmail('contact'), company: null, message: tag };
      case 'waitlist':
        return { name: 'Matrix', email: uniqueEmail('wait'), favorite_part: tag, desired_features: 'More themes', willing_to_give_feedback: true };
      case 'user_roles':
        // Making the non-admin user an admin: by a visitor, by themselves, by an admin.
        return { user_id: userIds.user, role: 'admin' };
      case 'admin_audit_log':
        return { actor_id: userIds[actor], action: 'forged_entry', resource_type: 'contact_submissions', resource_id: tag };
    }
  }

  beforeAll(async () => {
    backend = await engine.start();
    service = clientFor(backend, backend.serviceRoleKey);
    clients.anon = clientFor(backend);
    userIds.anon = null;
    const user = await signedInClient(backend);
    const admin = await adminClient(backend);
    clients.user = user.client;
    userIds.user = user.userId;
    clients.admin = admin.client;
    userIds.admin = admin.userId;
    for (const table of ['contact_submissions', 'waitlist', 'admin_audit_log'] as const) {
      const { data, error } = await service.from(table).insert(newRow(table, 'admin')).select().single();
      if (error) throw new Error(`fixture ${table}: ${error.message}`);
      fixture[table] = data;
    }
    const role = await service.from('user_roles').select().eq('user_id', userIds.admin!).single();
    fixture.user_roles = role.data!;
  });

  afterAll(() => backend?.close());

  describe('permission matrix', () => {
    it(`has ${CELLS.length} cells`, () => {
      expect(CELLS).toHaveLength(48);
    });

    it.each(CELLS)('$actor $op $table: $expected', async ({ table, op, actor, expected }) => {
      const client = clients[actor];
      const id = fixture[table].id as string;
      const before = await service.from(table).select('*', { count: 'exact', head: true });

      const result =
        op === 'select'
          ? await client.from(table).select('*')
          : op === 'insert'
            ? await client.from(table).insert(newRow(table, actor))
            : op === 'update'
              ? await client.from(table).update(TAMPER[table]).eq('id', id)
              : await client.from(table).delete().eq('id', id);

      if (expected === 'refused') {
        expect(result.error?.code).toBe('42501');
        expect(result.status).toBe(actor === 'anon' ? 401 : 403);
        expect(result.data).toBeNull();
      } else {
        expect(result.error).toBeNull();
      }
      if (op === 'select' && expected !== 'refused') {
        const rows = result.data as Record<string, unknown>[];
        if (expected === 'allowed') expect(rows.map((r) => r.id)).toContain(id);
        if (expected === 'empty') expect(rows).toEqual([]);
        if (expected === 'own') {
          expect(rows.every((r) => r.user_id === userIds[actor])).toBe(true);
          expect(rows.length).toBe(actor === 'admin' ? 1 : 0);
        }
      }
      if (op === 'insert' && expected === 'allowed') expect(result.status).toBe(201);

      // Whatever happened, the stored data changed only where allowed.
      const after = await service.from(table).select('*', { count: 'exact', head: true });
      expect(after.count).toBe(before.count! + (op === 'insert' && expected === 'allowed' ? 1 : 0));
      const stored = await service.from(table).select('*').eq('id', id).single();
      expect(stored.data).toEqual(fixture[table]);
    });
  });

  describe('functions and helpers through the API', () => {
    it('waitlist_count is callable by every caller and returns only a number', async () => {
      for (const actor of ['anon', 'user', 'admin'] as const) {
        const { data, error } = await clients[actor].rpc('waitlist_count');
        expect(error).toBeNull();
        expect(typeof data).toBe('number');
      }
    });

    it('private.has_role is not reachable through the API', async () => {
      for (const actor of ['anon', 'user', 'admin'] as const) {
        // The RPC route only sees the public schema; the helper lives in private.
        const { error, status } = await clients[actor].rpc('has_role', { _role: 'admin' });
        expect(status).toBe(404);
        expect(error?.code).toBe('PGRST202');
        const other = await clients[actor].schema('private').rpc('has_role', { _role: 'admin' });
        expect(other.status).toBe(406);
        expect(other.error?.code).toBe('PGRST106');
      }
    });

    it('nobody grants themselves a role, even by update or upsert', async () => {
      const { client } = await signedInClient(backend);
      const me = (await client.auth.getUser()).data.user!.id;
      const upsert = await client.from('user_roles').upsert({ user_id: me, role: 'admin' });
      expect(upsert.error?.code).toBe('42501');
      const count = await service.from('user_roles').select('*', { count: 'exact', head: true }).eq('user_id', me);
      expect(count.count).toBe(0);
    });
  });
});
