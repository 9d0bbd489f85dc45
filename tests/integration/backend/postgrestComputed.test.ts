import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor } from './testClients.ts';
import { ENGINES } from './testEngines.ts';

/**
 * A schema of the test's own: functions of a row (computed fields and
 * computed relationships), a one-to-one table to spread, and a view.
 */
const SCHEMA = `
create table public.authors (id int primary key, name text not null);
create table public.books (id int primary key, title text not null, author_id int references public.authors (id), pages int, subtitle text);
create table public.bios (author_id int primary key references public.authors (id), born int);
create view public.book_titles as select id, title, author_id from public.books;
create function public.initials(public.authors) returns text language sql stable as $$ select left($1.name, 1) $$;
create function public.long_books(public.authors) returns setof public.books language sql stable
  as $$ select * from public.books where author_id = $1.id and pages > 100 $$;
create function public.first_book(public.authors) returns setof public.books rows 1 language sql stable
  as $$ select * from public.books where author_id = $1.id order by id limit 1 $$;
create function public.shelf(public.book_titles) returns public.authors language sql stable
  as $$ select * from public.authors where id = $1.author_id $$;
insert into public.authors values (1, 'Ada'), (2, 'Bob'), (3, 'Cy');
insert into public.books values (1, 'Engines', 1, 300, null), (2, 'Notes', 1, 40, 'short'), (3, 'Boats', 2, 200, null);
insert into public.bios values (1, 1815), (2, 1900);
grant select on public.authors, public.books, public.bios, public.book_titles to anon;
grant insert on public.books to anon;
`;

type Query = PromiseLike<{ data: unknown; error: { code: string; message?: string } | null; status: number }>;
interface Case {
  name: string;
  call: (db: SupabaseClient) => Query;
  data?: unknown;
  error?: { code: string; status: number; message?: string };
}

const CASES: Case[] = [
  // computed fields: a function of the row read as a column, filtered and ordered on
  { name: 'a computed field in select', call: (db) => db.from('authors').select('name, initials').order('id'), data: [{ name: 'Ada', initials: 'A' }, { name: 'Bob', initials: 'B' }, { name: 'Cy', initials: 'C' }] },
  { name: 'a filter on a computed field', call: (db) => db.from('authors').select('name').eq('initials', 'B'), data: [{ name: 'Bob' }] },
  { name: 'an order on a computed field', call: (db) => db.from('authors').select('id').order('initials', { ascending: false }).limit(1), data: [{ id: 3 }] },
  { name: 'a computed field of an embedded row', call: (db) => db.from('books').select('title, authors(initials)').eq('id', 3), data: [{ title: 'Boats', authors: { initials: 'B' } }] },
  // computed relationships: a setof function of the row embeds as to-many, rows 1 or a single row as to-one
  {
    name: 'a setof function of the row embeds as an array',
    call: (db) => db.from('authors').select('name, long_books(title)').order('id'),
    data: [{ name: 'Ada', long_books: [{ title: 'Engines' }] }, { name: 'Bob', long_books: [{ title: 'Boats' }] }, { name: 'Cy', long_books: [] }],
  },
  { name: 'a rows 1 function embeds as an object', call: (db) => db.from('authors').select('name, first:first_book(title)').eq('id', 1), data: [{ name: 'Ada', first: { title: 'Engines' } }] },
  { name: 'a function of a view row returning a table row', call: (db) => db.from('book_titles').select('title, shelf(name)').eq('id', 2), data: [{ title: 'Notes', shelf: { name: 'Ada' } }] },
  { name: 'a filter inside a computed relationship', call: (db) => db.from('authors').select('name, long_books(title)').eq('long_books.title', 'Boats').eq('id', 1), data: [{ name: 'Ada', long_books: [] }] },
  // t(count): Postgres reads row.count as count(row)
  { name: 'count of an embedded resource', call: (db) => db.from('authors').select('name, books(count)').order('id'), data: [{ name: 'Ada', books: [{ count: 2 }] }, { name: 'Bob', books: [{ count: 1 }] }, { name: 'Cy', books: [{ count: 0 }] }] },
  // t(): filters with !inner, adds nothing to the output
  { name: 'an embed with no columns filters with !inner', call: (db) => db.from('books').select('title, authors!inner()').eq('authors.name', 'Bob'), data: [{ title: 'Boats' }] },
  { name: 'an embed with no columns and no filter', call: (db) => db.from('books').select('id, authors()').order('id').limit(1), data: [{ id: 1 }] },
  // spreads: the columns of a to-one embed in the parent's object
  { name: 'a spread of a to-one embed', call: (db) => db.from('books').select('title, ...authors(author:name)').eq('id', 3), data: [{ title: 'Boats', author: 'Bob' }] },
  { name: 'a nested spread', call: (db) => db.from('books').select('title, ...authors(name, ...bios(born))').eq('id', 1), data: [{ title: 'Engines', name: 'Ada', born: 1815 }] },
  {
    name: 'a spread of a to-many embed',
    call: (db) => db.from('authors').select('name, ...books(title)'),
    error: { code: 'PGRST119', status: 400, message: "A spread operation on 'books' is not possible" },
  },
  // aggregates are off unless pgrst.db_aggregates_enabled
  { name: 'an aggregate when aggregates are off', call: (db) => db.from('books').select('pages.sum()'), error: { code: 'PGRST123', status: 400, message: 'Use of aggregate functions is not allowed' } },
  { name: 'count() when aggregates are off', call: (db) => db.from('books').select('count()'), error: { code: 'PGRST123', status: 400 } },
  // nulls=stripped
  { name: 'stripNulls leaves out null values', call: (db) => db.from('books').select('id, subtitle').order('id').limit(2).stripNulls(), data: [{ id: 1 }, { id: 2, subtitle: 'short' }] },
  { name: 'stripNulls with single', call: (db) => db.from('books').select('id, subtitle').eq('id', 1).single().stripNulls(), data: { id: 1 } },
];

const AGGREGATE_CASES: Case[] = [
  { name: 'count()', call: (db) => db.from('books').select('count()'), data: [{ count: 3 }] },
  { name: 'sum() grouped by the other columns', call: (db) => db.from('books').select('author_id, pages.sum()').order('author_id'), data: [{ author_id: 1, sum: 340 }, { author_id: 2, sum: 200 }] },
  { name: 'an aliased, cast aggregate', call: (db) => db.from('books').select('most:pages.max()::text'), data: [{ most: '300' }] },
  { name: 'avg and min', call: (db) => db.from('books').select('pages.avg()::int, pages.min()'), data: [{ avg: 180, min: 40 }] },
  {
    name: 'an aggregate in an embedded resource',
    call: (db) => db.from('authors').select('name, books(total:pages.sum())').order('id'),
    data: [{ name: 'Ada', books: [{ total: 340 }] }, { name: 'Bob', books: [{ total: 200 }] }, { name: 'Cy', books: [{ total: null }] }],
  },
];

/**
 * Sets pgrst.<key> for the authenticator role in this database only, as PostgREST's in-database configuration
 * reads it; a database-specific setting wins over one for every database of the server.
 */
async function setPgrst(backend: RunningBackend, settings: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(settings)) {
    await backend.db.exec(`do $$ begin execute format('alter role authenticator in database %I set pgrst.${key} = %L', current_database(), '${value}'); end $$`);
  }
  await backend.reloadCatalog();
}

describe.each(ENGINES)('PostgREST computed fields, spreads and aggregates on $name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  let backend: RunningBackend;
  let anon: SupabaseClient;

  beforeAll(async () => {
    backend = await engine.start();
    await backend.db.exec(SCHEMA);
    await setPgrst(backend, { db_aggregates_enabled: 'false', db_tx_end: 'commit' });
    anon = clientFor(backend);
  }, 60_000);
  afterAll(() => backend?.close());

  const check = async (c: Case) => {
    const result = await c.call(anon);
    if (c.error) {
      expect(result.error?.code, JSON.stringify(result.error)).toBe(c.error.code);
      expect(result.status).toBe(c.error.status);
      if (c.error.message) expect(result.error?.message).toBe(c.error.message);
      return;
    }
    expect(result.error, JSON.stringify(result.error)).toBeNull();
    expect(result.data).toEqual(c.data);
  };

  for (const c of CASES) it(c.name, () => check(c));

  it('answers nulls=stripped with its media type', async () => {
    const res = await fetch(`${backend.apiUrl}/rest/v1/books?select=id,subtitle&id=eq.1`, {
      headers: { apikey: backend.anonKey, Accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(res.headers.get('content-type')).toMatch(/^application\/vnd\.pgrst\.array\+json;nulls=stripped/);
    expect(await res.json()).toEqual([{ id: 1 }]);
  });

  describe('with pgrst.db_aggregates_enabled and pgrst.db_tx_end = commit-allow-override', () => {
    beforeAll(() => setPgrst(backend, { db_aggregates_enabled: 'true', db_tx_end: 'commit-allow-override' }));

    for (const c of AGGREGATE_CASES) it(c.name, () => check(c));

    it('rolls back a write that asks for it (Prefer: tx=rollback), answering as if committed', async () => {
      const { data, error, status } = await anon.from('books').insert({ id: 10, title: 'Draft', author_id: 3, pages: 1 }).select('id, title').rollback();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toEqual([{ id: 10, title: 'Draft' }]);
      const after = await anon.from('books').select('id').eq('id', 10);
      expect(after.data).toEqual([]);
    });

    it('names tx=rollback in Preference-Applied', async () => {
      const res = await fetch(`${backend.apiUrl}/rest/v1/books`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'Content-Type': 'application/json', Prefer: 'return=minimal, tx=rollback' },
        body: JSON.stringify({ id: 11, title: 'Draft', author_id: 3, pages: 1 }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('preference-applied')).toBe('return=minimal, tx=rollback');
    });
  });
});

describe.each(ENGINES)('Prefer: tx=rollback under pgrst.db_tx_end = commit (PostgREST\'s default) on $name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  let backend: RunningBackend;

  beforeAll(async () => {
    backend = await engine.start();
    await backend.db.exec(SCHEMA);
    await setPgrst(backend, { db_tx_end: 'commit' });
  }, 60_000);
  afterAll(() => backend?.close());

  it('commits anyway, as PostgREST does when the override is not allowed', async () => {
    const anon = clientFor(backend);
    const { error } = await anon.from('books').insert({ id: 12, title: 'Kept', author_id: 3, pages: 1 }).rollback();
    expect(error).toBeNull();
    const after = await anon.from('books').select('title').eq('id', 12);
    expect(after.data).toEqual([{ title: 'Kept' }]);
  });
});
