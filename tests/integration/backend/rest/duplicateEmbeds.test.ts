// Two embeds of one level under the same name: PostgREST joins each as <table>_<name>_<depth>,
// so Postgres refuses the statement (42712); aliases tell them apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../../generator/backend/startBackend.ts';
import { clientFor } from '../testClients.ts';
import { ENGINES, startWithSchema } from '../testEngines.ts';

const SCHEMA = `
  create table public.people (name text primary key);
  create table public.friendships (
    id int primary key,
    first_person text references public.people (name),
    second_person text references public.people (name)
  );
  insert into public.people values ('ann'), ('bob');
  insert into public.friendships values (1, 'ann', 'bob');
  grant select on public.people, public.friendships to anon;
`;

describe.each(ENGINES)('$name', (engine) => {
  if (engine.skip) {
    it.skip(`skipped: ${engine.skip}`, () => {});
    return;
  }
  let backend: RunningBackend;
  beforeAll(async () => {
    backend = await startWithSchema(engine, SCHEMA);
  });
  afterAll(() => backend?.close());

  it('refuses one table embedded twice under the same name with 42712', async () => {
    const res = await clientFor(backend).from('friendships').select('people!first_person(*), people!second_person(*)');
    expect(res.status).toBe(400);
    expect(res.error).toEqual({ code: '42712', details: null, hint: null, message: 'table name "friendships_people_1" specified more than once' });
  });

  it('names the depth of a nested duplicate in the table name', async () => {
    const res = await clientFor(backend).from('people').select('name, f:friendships!first_person(people!first_person(name), people!second_person(name))');
    expect(res.error).toMatchObject({ code: '42712', message: 'table name "friendships_people_2" specified more than once' });
  });

  it('reads both when aliases tell them apart', async () => {
    const res = await clientFor(backend).from('friendships').select('a:people!first_person(name), b:people!second_person(name)');
    expect(res).toMatchObject({ error: null, data: [{ a: { name: 'ann' }, b: { name: 'bob' } }] });
  });
});
