/**
 * The conditions behind the Supabase Security Advisor's warnings (splinter)
 * that apply to supabase/migrations, checked on a database built from the
 * bootstrap and every migration. Each check is a query listing offenders;
 * each is also shown a planted offender (rolled back) so it cannot pass by
 * looking at nothing.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../generator/backend/Database.ts';
import { openDatabase } from '../../../generator/backend/openDatabase.ts';

/** Schemas the Data API serves (PostgREST's db_schemas on a hosted project). */
const EXPOSED = `array['public', 'graphql_public']`;
/** Schemas the platform owns; the migrations do not write them. */
const PLATFORM = `array['pg_catalog', 'information_schema', 'pg_toast', 'auth', 'supabase_migrations']`;
/** The storage schema's functions are the platform's too (splinter leaves the schema out); policies a site writes on its tables are still checked. */
const PLATFORM_FUNCTIONS = `array['pg_catalog', 'information_schema', 'pg_toast', 'auth', 'supabase_migrations', 'storage']`;
/** A policy expression with spaces and brackets removed, lower case: 'true' for (true), ((true)), TRUE. */
const bare = (column: string) => `regexp_replace(lower(coalesce(${column}, '')), '[[:space:]()]', '', 'g')`;

const LINTS: Record<string, { sql: string; plant: string; offender: string }> = {
  'no SECURITY DEFINER function in an exposed schema is executable by anon or authenticated': {
    sql: `
      select format('%s.%s(%s) by %s', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), r.role) as offender
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      cross join (values ('anon'), ('authenticated')) as r(role)
      where p.prosecdef and n.nspname = any (${EXPOSED}) and has_function_privilege(r.role, p.oid, 'execute')`,
    plant: `create function public.planted() returns int language sql security definer set search_path = '' as 'select 1';
            grant execute on function public.planted() to anon`,
    offender: 'public.planted() by anon',
  },
  'no write policy for anon or authenticated lets every row through': {
    sql: `
      select format('%s.%s "%s" (%s)', p.schemaname, p.tablename, p.policyname, p.cmd) as offender
      from pg_policies p
      where p.permissive = 'PERMISSIVE'
        and p.cmd in ('INSERT', 'UPDATE', 'DELETE', 'ALL')
        and p.roles && array['anon', 'authenticated', 'public']::name[]
        and not (p.schemaname = any (${PLATFORM}))
        and (
          (p.cmd <> 'INSERT' and (p.qual is null or ${bare('p.qual')} in ('true', '1=1')))
          or (p.cmd = 'INSERT' and (p.with_check is null or ${bare('p.with_check')} in ('true', '1=1')))
          or (p.cmd in ('UPDATE', 'ALL') and ${bare('p.with_check')} in ('true', '1=1'))
        )`,
    plant: `create policy "Planted" on public.waitlist for insert to anon with check ((true))`,
    offender: 'public.waitlist "Planted" (INSERT)',
  },
  'row-level security is on for every table in public': {
    sql: `
      select c.relname::text as offender
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    plant: `create table public.planted (id int primary key)`,
    offender: 'planted',
  },
  'every function of the migrations has a fixed search_path': {
    sql: `
      select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as offender
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where not (n.nspname = any (${PLATFORM_FUNCTIONS}))
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as c(setting) where c.setting like 'search\\_path=%')`,
    plant: `create function private.planted(x int) returns int language sql immutable as 'select x'`,
    offender: 'private.planted(x integer)',
  },
  'no policy calls auth.<function>() or current_setting() once per row': {
    // (select auth.uid()) runs once per statement as an InitPlan; a bare auth.uid() runs for every row.
    sql: `
      select format('%s.%s "%s"', p.schemaname, p.tablename, p.policyname) as offender
      from pg_policies p
      where not (p.schemaname = any (${PLATFORM}))
        and regexp_replace(concat_ws(' ', p.qual, p.with_check), 'select[[:space:]]+(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\([^)]*\\))', '', 'gi')
          ~* '(auth\\.(uid|jwt|role|email)\\(\\)|current_setting\\()'`,
    plant: `create policy "Planted" on public.user_roles for select to authenticated using (user_id = auth.uid())`,
    offender: 'public.user_roles "Planted"',
  },
};

let db: Database;
beforeAll(async () => {
  ({ db } = await openDatabase({ dataDir: null, supabaseDir: path.resolve('supabase') }));
});
afterAll(() => db?.close());

async function offenders(q: Queryable, sql: string): Promise<string[]> {
  return (await q.query<{ offender: string }>(`${sql} order by 1`)).rows.map((r) => r.offender);
}

describe('database lint (the Security Advisor conditions)', () => {
  it.each(Object.entries(LINTS))('%s', async (_name, lint) => {
    expect(await offenders(db, lint.sql)).toEqual([]);
  });

  it.each(Object.entries(LINTS))('notices a planted offender: %s', async (_name, lint) => {
    // Throwing out of the transaction rolls the planted offender back.
    const rollback = new Error('rollback');
    await db
      .transaction(async (tx) => {
        await tx.exec(lint.plant);
        expect(await offenders(tx, lint.sql)).toContain(lint.offender);
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    expect(await offenders(db, lint.sql)).toEqual([]);
  });
});
