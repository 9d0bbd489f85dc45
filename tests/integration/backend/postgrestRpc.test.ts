import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor } from './testClients.ts';
import { ENGINES, startWithSchema } from './testEngines.ts';

/** Functions of the test's own: defaults, overloads, unnamed and row-typed parameters, set, row, scalar and void results. */
const SCHEMA = `
create table public.people (id int primary key, name text not null);
create table public.notes (id int primary key, body text not null, author_id int references public.people (id));
insert into public.people values (1, 'Ada'), (2, 'Bob'), (3, 'Cy');
insert into public.notes values (1, 'hi', 1), (2, 'yo', 2), (3, 'ok', 1);
grant select on public.people, public.notes to anon;
create table public.visits (n int);
grant insert on public.visits to anon;

create function public.add_default(a int, b int default 10) returns int language sql as 'select a + b';
create function public.pick(alpha text) returns text language sql as $$ select 'text' $$;
create function public.pick(beta int) returns text language sql as $$ select 'int' $$;
create function public.clash(a int) returns text language sql as $$ select 'int' $$;
create function public.clash(a text) returns text language sql as $$ select 'text' $$;
create function public.echo_json(json) returns json language sql as 'select $1';
create function public.echo_text(text) returns text language sql as 'select upper($1)';
create function public.unnamed_int(int) returns int language sql as 'select $1';
create function public.whole_object(payload jsonb) returns jsonb language sql as 'select payload';
create function public.person_name(p public.people) returns text language sql as 'select p.name';
create function public.all_people() returns setof public.people language sql stable as 'select * from public.people';
create function public.people_from(min_id int) returns setof public.people language sql stable as 'select * from public.people where id >= min_id';
create function public.notes_of(author int) returns setof public.notes language sql stable as 'select * from public.notes where author_id = author';
create function public.first_person() returns public.people language sql stable as 'select * from public.people order by id limit 1';
create function public.name_pairs() returns table (label text, size int) language sql stable as
  $$ select name, length(name) from public.people order by id $$;
create function public.numbers() returns setof int language sql stable as 'select generate_series(1, 4)';
create function public.tags(list text[]) returns int language sql as 'select cardinality(list)';
create function public.note_visit() returns void language sql as 'insert into public.visits values (1)';
`;

type Result = { data: unknown; error: { code: string; message?: string; details?: unknown; hint?: unknown } | null; status: number; count?: number | null };
interface Case {
  name: string;
  call: (db: SupabaseClient) => PromiseLike<Result>;
  data?: unknown;
  status?: number;
  count?: number;
  error?: { code: string; message?: string; details?: unknown; hint?: unknown };
}

const CASES: Case[] = [
  // choosing the function
  { name: 'an argument with a DEFAULT may be left out', call: (db) => db.rpc('add_default', { a: 1 }), data: 11 },
  { name: 'an argument with a DEFAULT may be given', call: (db) => db.rpc('add_default', { a: 1, b: 2 }), data: 3 },
  { name: 'overloads are told apart by the argument names', call: (db) => db.rpc('pick', { beta: 1 }), data: 'int' },
  {
    name: 'overloads with the same argument names are ambiguous (300 PGRST203)',
    call: (db) => db.rpc('clash', { a: 1 }),
    status: 300,
    error: {
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.clash(a => integer), public.clash(a => text)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    },
  },
  {
    name: 'an unknown argument name is PGRST202, hinting the closest parameter list',
    call: (db) => db.rpc('pick', { alpah: 'x' }),
    status: 404,
    error: {
      code: 'PGRST202',
      message: 'Could not find the function public.pick(alpah) in the schema cache',
      details: 'Searched for the function public.pick with parameter alpah or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.pick(alpha)',
    },
  },
  {
    name: 'an unknown function is PGRST202, hinting the closest name',
    call: (db) => db.rpc('all_peopel'),
    status: 404,
    error: {
      code: 'PGRST202',
      message: 'Could not find the function public.all_peopel without parameters in the schema cache',
      details: 'Searched for the function public.all_peopel without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.all_people',
    },
  },
  {
    name: 'a function whose one unnamed parameter is no json, jsonb, text, xml or bytea is not callable',
    call: (db) => db.rpc('unnamed_int', { '': 1 }),
    status: 404,
    error: { code: 'PGRST202', message: 'Could not find the function public.unnamed_int() in the schema cache' },
  },
  { name: 'a single unnamed json parameter gets the whole body', call: (db) => db.rpc('echo_json', { x: 1, y: [2] }), data: { x: 1, y: [2] } },
  { name: 'a row-typed argument is built from a JSON object', call: (db) => db.rpc('person_name', { p: { id: 9, name: 'Dee' } }), data: 'Dee' },
  { name: 'GET passes query parameters as arguments', call: (db) => db.rpc('add_default', { a: 5 }, { get: true }), data: 15 },
  { name: 'GET passes an array argument', call: (db) => db.rpc('tags', { list: ['a', 'b', 'c'] }, { get: true }), data: 3 },
  {
    name: 'GET applies the filters that are not arguments to the result',
    call: (db) => db.rpc('people_from', { min_id: 2 }, { get: true }).neq('name', 'Cy'),
    data: [{ id: 2, name: 'Bob' }],
  },
  // reading the result
  {
    name: 'select, order and limit on a set of rows',
    call: (db) => db.rpc('all_people').select('name').order('id', { ascending: false }).limit(2),
    data: [{ name: 'Cy' }, { name: 'Bob' }],
  },
  { name: 'filters on a set of rows', call: (db) => db.rpc('all_people').in('id', [1, 3]).order('id'), data: [{ id: 1, name: 'Ada' }, { id: 3, name: 'Cy' }] },
  { name: 'range on a set of rows', call: (db) => db.rpc('all_people').order('id').range(1, 1), data: [{ id: 2, name: 'Bob' }] },
  { name: 'an exact count of a set of rows', call: (db) => db.rpc('all_people', {}, { count: 'exact' }).order('id').limit(1), data: [{ id: 1, name: 'Ada' }], count: 3, status: 206 },
  {
    name: 'embeds from the table a function returns rows of',
    call: (db) => db.rpc('notes_of', { author: 1 }).select('body, people(name)').order('id'),
    data: [{ body: 'hi', people: { name: 'Ada' } }, { body: 'ok', people: { name: 'Ada' } }],
  },
  { name: 'columns of RETURNS TABLE can be selected and filtered', call: (db) => db.rpc('name_pairs').select('label').gt('size', 2), data: [{ label: 'Ada' }, { label: 'Bob' }] },
  { name: 'a function returning one row answers an object', call: (db) => db.rpc('first_person'), data: { id: 1, name: 'Ada' } },
  { name: 'single() on one row of a set', call: (db) => db.rpc('all_people').eq('id', 2).single(), data: { id: 2, name: 'Bob' } },
  {
    name: 'single() on many rows of a set is PGRST116',
    call: (db) => db.rpc('all_people').single(),
    status: 406,
    error: { code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 3 rows', hint: null },
  },
  { name: 'maybeSingle() on no row of a set', call: (db) => db.rpc('all_people').eq('id', 9).maybeSingle(), data: null },
  {
    name: 'max-affected with handling=strict refuses a larger result (PGRST124)',
    // The untyped client types maxAffected() for PostgREST 13+ only; the request it sends is the same.
    call: (db) => (db.rpc('all_people') as unknown as { maxAffected: (n: number) => PromiseLike<Result> }).maxAffected(2),
    status: 400,
    error: { code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: 'The query affects 3 rows' },
  },
  { name: 'a scalar function answers its value', call: (db) => db.rpc('add_default', { a: 1 }, { count: 'exact' }), data: 11, count: 1 },
  { name: 'a set-returning scalar function answers an array', call: (db) => db.rpc('numbers').limit(3), data: [1, 2, 3] },
  { name: 'a void function answers 204 No Content', call: (db) => db.rpc('note_visit'), data: null, status: 204 },
  // plain tables
  {
    name: 'single() on many rows of a table is PGRST116',
    call: (db) => db.from('people').select('id').single(),
    status: 406,
    error: { code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object', details: 'The result contains 3 rows', hint: null },
  },
  {
    name: 'a missing column is 42703 named by its table',
    call: (db) => db.from('people').select('nme'),
    status: 400,
    error: { code: '42703', message: 'column people.nme does not exist' },
  },
  {
    name: 'a missing column of an embedded table is 42703 named as PostgREST aliases it (<table>_<depth>)',
    call: (db) => db.from('notes').select('body, people(nme)'),
    status: 400,
    error: { code: '42703', message: 'column people_1.nme does not exist' },
  },
  {
    name: 'a missing table is PGRST205, hinting the closest one',
    call: (db) => db.from('peoples').select(),
    status: 404,
    error: { code: 'PGRST205', message: "Could not find the table 'public.peoples' in the schema cache", details: null, hint: "Perhaps you meant the table 'public.people'" },
  },
];

describe.each(ENGINES)('PostgREST function calls through supabase-js on $name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  let backend: RunningBackend;
  let anon: SupabaseClient;

  beforeAll(async () => {
    backend = await startWithSchema(engine, SCHEMA);
    anon = clientFor(backend);
  }, 60_000);
  afterAll(() => backend?.close());

  for (const c of CASES) {
    it(c.name, async () => {
      const result = await c.call(anon);
      if (c.status !== undefined) expect(result.status, JSON.stringify(result.error)).toBe(c.status);
      if (c.error) {
        expect(result.error).toMatchObject(c.error);
        return;
      }
      expect(result.error, JSON.stringify(result.error)).toBeNull();
      expect(result.data).toEqual(c.data);
      if (c.count !== undefined) expect(result.count).toBe(c.count);
    });
  }

  const post = (fn: string, body: string, headers: Record<string, string>) =>
    fetch(`${backend.apiUrl}/rest/v1/rpc/${fn}`, { method: 'POST', headers: { apikey: backend.anonKey, ...headers }, body });

  it('passes a text/plain body to a single unnamed text parameter', async () => {
    const res = await post('echo_text', 'hello', { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(200);
    expect(await res.json()).toBe('HELLO');
  });

  it('refuses a text/plain body to a function without an unnamed text parameter, as PostgREST words it', async () => {
    const res = await post('echo_json', 'hello', { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.echo_json in the schema cache',
      details: 'Searched for the function public.echo_json with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('passes the whole body with Prefer: params=single-object', async () => {
    const res = await post('whole_object', JSON.stringify({ a: 1, b: 'two' }), { 'Content-Type': 'application/json', Prefer: 'params=single-object' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ a: 1, b: 'two' });
  });

  it('answers HEAD with the count and no body', async () => {
    const { data, error, count, status } = await anon.rpc('all_people', {}, { head: true, count: 'exact' });
    expect(error).toBeNull();
    expect([data, count, status]).toEqual([null, 3, 200]);
  });
});
