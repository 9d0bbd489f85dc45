// The pg adapter against a real PostgreSQL server, next to real PGlite: the
// same rows come back as the same JavaScript values, a transaction keeps its
// statements on one connection, and a failed one gives its connection back.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Database } from '../../../generator/backend/Database.ts';
import { BackendError } from '../../../generator/backend/BackendError.ts';
import { migratedTemplate } from '../../../generator/backend/migratedTemplate.ts';
import { pgDatabase } from '../../../generator/backend/pgDatabase.ts';
import { createTestDatabase, postgresUnavailable, type TestDatabase } from './testPostgres.ts';

const skip = postgresUnavailable();

// One column per type the backend reads or might: numbers, int8, text, json, dates, arrays, and types pg would parse differently.
const VALUES = `select 1::int2 as i2, 2::int4 as i4, 3::int8 as i8, 9007199254740993::int8 as big, 1.5::float8 as f8, 2.25::numeric as num,
  'x'::text as t, 'y'::varchar as v, true as b, null::text as n, '00000000-0000-0000-0000-000000000001'::uuid as id,
  '{"a":[1,2]}'::json as j, '{"b":null}'::jsonb as jb, '2024-02-29'::date as d, '2024-02-29 10:11:12.345'::timestamp as ts,
  '2024-02-29 10:11:12.345+00'::timestamptz as tstz, '1 day 2 hours'::interval as iv, '(1,2)'::point as pt,
  '\\x0102'::bytea as by, array['a', null, 'c d']::text[] as ta, array[1, 2]::int4[] as ia, array[3]::int8[] as i8a,
  array['2024-01-01 00:00:00+00']::timestamptz[] as tsa, array['{"k":1}']::jsonb[] as ja, array['1 day']::interval[] as iva,
  array[array[1, 2], array[3, 4]] as nested, count(*) as total from (values (1)) v`;

describe.skipIf(skip !== null)(`pgDatabase${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let database: TestDatabase;
  let db: Database;
  let lite: PGlite;
  beforeAll(async () => {
    database = await createTestDatabase();
    // A server whose TimeZone is not UTC (the adapter's sessions use UTC anyway).
    const owner = new pg.Client({ connectionString: database.url });
    await owner.connect();
    await owner.query(`alter database ${new URL(database.url).pathname.slice(1)} set timezone to 'America/New_York'`);
    await owner.end();
    db = await pgDatabase(database.url, { max: 2 });
    lite = await PGlite.create({ loadDataDir: await migratedTemplate(path.resolve('supabase')) });
  });
  afterAll(async () => {
    await db?.close();
    await lite?.close();
    await database?.drop();
  });

  it('parses every column as PGlite does', async () => {
    const [server, embedded] = await Promise.all([db.query(VALUES), lite.query(VALUES)]);
    expect(server.rows).toEqual(embedded.rows);
    const row = server.rows[0];
    expect(row.i8).toBe(3);
    expect(row.total).toBe(1);
    expect(row.big).toBe(9007199254740993n);
    expect(row.tstz).toEqual(new Date('2024-02-29T10:11:12.345Z'));
    expect(row.iv).toBe('1 day 02:00:00');
    expect(row.ta).toEqual(['a', null, 'c d']);
  });

  it('writes timestamps in JSON and text in UTC, as PGlite does', async () => {
    const sql = `select json_build_object('at', '2024-02-29 10:11:12+00'::timestamptz)::text as body, '2024-02-29 10:11:12+00'::timestamptz::text as t`;
    const [server, embedded] = await Promise.all([db.query(sql), lite.query(sql)]);
    expect(server.rows).toEqual(embedded.rows);
    expect(server.rows[0]).toEqual({ body: '{"at" : "2024-02-29T10:11:12+00:00"}', t: '2024-02-29 10:11:12+00' });
  });

  it('reports affected rows as PGlite does', async () => {
    const script = [
      'create temporary table t (n int)',
      'insert into t values (1), (2), (3)',
      'update t set n = n + 1 where n > 1',
      'select * from t',
      'delete from t',
    ];
    for (const sql of script) {
      const [server, embedded] = await Promise.all([db.transaction((tx) => tx.query(sql)), lite.transaction((tx) => tx.query(sql))]);
      if (!sql.startsWith('create')) expect(server.affectedRows, sql).toBe(embedded.affectedRows);
    }
    await lite.exec('drop table t');
  });

  it('keeps a transaction on one connection: SET LOCAL ROLE and set_config hold for it and end with it', async () => {
    await db.exec(`do $$ begin if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin; end if; end $$`);
    const inside = await db.transaction(async (tx) => {
      await tx.exec('set local role anon');
      await tx.query(`select set_config('request.jwt.claims', $1, true)`, ['{"sub":"x"}']);
      return (await tx.query<{ who: string; claims: string }>(`select current_user as who, current_setting('request.jwt.claims', true) as claims`)).rows[0];
    });
    expect(inside).toEqual({ who: 'anon', claims: '{"sub":"x"}' });
    for (let i = 0; i < 3; i++) {
      const after = await db.query<{ who: string; claims: string | null }>(`select current_user as who, nullif(current_setting('request.jwt.claims', true), '') as claims`);
      expect(after.rows[0]).toEqual({ who: 'postgres', claims: null });
    }
  });

  it('rolls back a failed transaction and gives its connection back (more failures than the pool has connections)', async () => {
    await db.exec('create table if not exists kept (n int)');
    for (let i = 0; i < 5; i++) {
      await expect(
        db.transaction(async (tx) => {
          await tx.query('insert into kept values ($1)', [i]);
          await tx.query('select 1/0');
        }),
      ).rejects.toMatchObject({ code: '22012' });
      await expect(db.transaction(() => Promise.reject(new Error('not SQL')))).rejects.toThrow('not SQL');
    }
    expect((await db.query('select * from kept')).rows).toEqual([]);
    // Both connections are free: two transactions are open at once (a leaked connection would keep the second waiting).
    let open = 0;
    let bothOpen!: () => void;
    const gate = new Promise<void>((resolve) => (bothOpen = resolve));
    const pids = Promise.all(
      [0, 1].map(() =>
        db.transaction(async (tx) => {
          const pid = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0].pid;
          if (++open === 2) bothOpen();
          await gate;
          return pid;
        }),
      ),
    );
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('a connection was not given back')), 5000).unref());
    expect(new Set(await Promise.race([pids, timeout])).size).toBe(2);
  });

  it('an unreachable server is a BackendError that names the URL without its password', async () => {
    const error = await pgDatabase('postgres://someone:secret@127.0.0.1:1/nothing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({ code: 'BackendDatabaseUnreachable' });
    expect((error as BackendError).message).toContain('postgres://someone:***@127.0.0.1:1/nothing');
    expect((error as BackendError).message).not.toContain('secret');
  });
});
