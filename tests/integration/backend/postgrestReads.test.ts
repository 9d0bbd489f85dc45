import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningBackend } from '../../../generator/backend/startBackend.ts';
import { clientFor } from './testClients.ts';
import { ENGINES, startWithSchema } from './testEngines.ts';

/** A small schema of the test's own, in its own in-memory backend: FKs both ways, jsonb, arrays, a range, a tsvector. */
const SCHEMA = `
create table public.countries (id int primary key, name text not null, code text, data jsonb, tags text[], population int);
create table public.cities (id int primary key, name text not null, country_id int references public.countries (id));
create table public.orchestral_sections (id int primary key, name text not null);
create table public.instruments (
  id int primary key, name text not null, section_id int references public.orchestral_sections (id), description text,
  fts tsvector generated always as (to_tsvector('english', coalesce(description, ''))) stored);
create table public.reservations (id int primary key, room text not null, during tsrange not null);
create table public.people (id int primary key, name text not null);
create table public.messages (id int primary key, body text not null,
  sender_id int references public.people (id), receiver_id int references public.people (id));
create table public.players (id int primary key, name text not null);
create table public.teams (id int primary key, name text not null);
create table public.members (player_id int references public.players (id), team_id int references public.teams (id), primary key (player_id, team_id));
insert into public.players values (1, 'Kiran'), (2, 'Evan');
insert into public.teams values (1, 'Green'), (2, 'Blue');
insert into public.members values (1, 1), (1, 2), (2, 2);
insert into public.countries values
  (1, 'Afghanistan', 'AF', '{"capital": {"name": "Kabul"}, "languages": ["ps", "uz"]}', '{asia,landlocked}', 40),
  (2, 'Albania', 'AL', '{"capital": {"name": "Tirana"}}', '{europe}', 3),
  (3, 'Algeria', null, null, '{africa}', 44);
insert into public.cities values (1, 'Kabul', 1), (2, 'Herat', 1), (3, 'Tirana', 2), (4, 'Hidden', 2);
insert into public.orchestral_sections values (1, 'strings'), (2, 'woodwinds'), (3, 'percussion');
insert into public.instruments (id, name, section_id, description) values
  (1, 'violin', 1, 'a bowed string instrument'), (2, 'viola', 1, 'larger than a violin'),
  (3, 'flute', 2, 'a woodwind without reeds'), (4, 'oboe', 2, null);
insert into public.reservations values
  (1, 'Emerald', '[2000-01-01 13:00, 2000-01-01 15:00)'), (2, 'Topaz', '[2000-01-01 16:00, 2000-01-01 17:00)');
insert into public.people values (1, 'Ada'), (2, 'Bob'), (3, 'Smith, "J"');
insert into public.messages values (1, 'hi', 1, 2);
grant select on public.countries, public.cities, public.orchestral_sections, public.instruments,
  public.reservations, public.people, public.messages, public.players, public.teams, public.members to anon;
alter table public.cities enable row level security;
create policy cities_visible on public.cities for select to anon using (name <> 'Hidden');
`;

type Query = PromiseLike<{ data: unknown; error: { code: string } | null; status: number; count?: number | null }>;
interface Case {
  name: string;
  call: (db: SupabaseClient) => Query;
  data?: unknown;
  count?: number;
  error?: { code: string; status: number };
}

const names = (...list: string[]) => list.map((name) => ({ name }));

const CASES: Case[] = [
  // select: the examples of supabase-js's select()
  { name: 'select() every column', call: (db) => db.from('people').select().order('id'), data: [{ id: 1, name: 'Ada' }, { id: 2, name: 'Bob' }, { id: 3, name: 'Smith, "J"' }] },
  { name: 'select specific columns', call: (db) => db.from('orchestral_sections').select('name').order('id'), data: names('strings', 'woodwinds', 'percussion') },
  {
    name: 'query referenced tables (to-many)',
    call: (db) => db.from('orchestral_sections').select('name, instruments(name)').order('id').order('id', { referencedTable: 'instruments' }),
    data: [{ name: 'strings', instruments: names('violin', 'viola') }, { name: 'woodwinds', instruments: names('flute', 'oboe') }, { name: 'percussion', instruments: [] }],
  },
  { name: 'query referenced tables (to-one)', call: (db) => db.from('instruments').select('name, orchestral_sections(name)').eq('id', 3), data: [{ name: 'flute', orchestral_sections: { name: 'woodwinds' } }] },
  {
    name: 'the same referenced table twice, by foreign-key column with aliases',
    call: (db) => db.from('messages').select('body, from:sender_id(name), to:receiver_id(name)'),
    data: [{ body: 'hi', from: { name: 'Ada' }, to: { name: 'Bob' } }],
  },
  {
    name: 'query referenced tables through a join table',
    call: (db) => db.from('players').select('name, teams(name)').order('id').order('name', { referencedTable: 'teams' }),
    data: [{ name: 'Kiran', teams: names('Blue', 'Green') }, { name: 'Evan', teams: names('Blue') }],
  },
  { name: 'a hint picks one of two relationships', call: (db) => db.from('messages').select('body, people!receiver_id(name)'), data: [{ body: 'hi', people: { name: 'Bob' } }] },
  { name: 'two relationships without a hint are ambiguous', call: (db) => db.from('messages').select('body, people(name)'), error: { code: 'PGRST201', status: 300 } },
  { name: 'no relationship', call: (db) => db.from('countries').select('name, instruments(name)'), error: { code: 'PGRST200', status: 400 } },
  {
    name: 'filter through referenced tables',
    call: (db) => db.from('orchestral_sections').select('name, instruments(name)').eq('instruments.name', 'flute').order('id'),
    data: [{ name: 'strings', instruments: [] }, { name: 'woodwinds', instruments: names('flute') }, { name: 'percussion', instruments: [] }],
  },
  {
    name: 'inner join on a referenced table',
    call: (db) => db.from('instruments').select('name, orchestral_sections!inner(name)').eq('orchestral_sections.name', 'woodwinds').order('id'),
    data: [{ name: 'flute', orchestral_sections: { name: 'woodwinds' } }, { name: 'oboe', orchestral_sections: { name: 'woodwinds' } }],
  },
  { name: 'embedded rows obey row-level security', call: (db) => db.from('countries').select('name, cities(name)').eq('id', 2), data: [{ name: 'Albania', cities: names('Tirana') }] },
  { name: 'count with head', call: (db) => db.from('countries').select('*', { count: 'exact', head: true }), data: null, count: 3 },
  {
    name: 'JSON paths with and without alias',
    call: (db) => db.from('countries').select('id, capital_name:data->capital->>name, data->capital, first:data->languages->>0').eq('id', 1),
    data: [{ id: 1, capital_name: 'Kabul', capital: { name: 'Kabul' }, first: 'ps' }],
  },
  { name: 'a cast', call: (db) => db.from('countries').select('id::text, label:population::text').eq('id', 1), data: [{ id: '1', label: '40' }] },

  // filters
  { name: 'eq', call: (db) => db.from('countries').select('name').eq('name', 'Albania'), data: names('Albania') },
  { name: 'neq', call: (db) => db.from('countries').select('name').neq('name', 'Albania').order('id'), data: names('Afghanistan', 'Algeria') },
  { name: 'gt', call: (db) => db.from('countries').select('name').gt('population', 40), data: names('Algeria') },
  { name: 'gte', call: (db) => db.from('countries').select('name').gte('population', 40).order('id'), data: names('Afghanistan', 'Algeria') },
  { name: 'lt', call: (db) => db.from('countries').select('name').lt('population', 40), data: names('Albania') },
  { name: 'lte', call: (db) => db.from('countries').select('name').lte('population', 40).order('id'), data: names('Afghanistan', 'Albania') },
  { name: 'like', call: (db) => db.from('countries').select('name').like('name', '%ani%').order('id'), data: names('Afghanistan', 'Albania') },
  { name: 'ilike', call: (db) => db.from('countries').select('name').ilike('name', '%GER%'), data: names('Algeria') },
  { name: 'is null', call: (db) => db.from('countries').select('name').is('code', null), data: names('Algeria') },
  { name: 'in', call: (db) => db.from('countries').select('name').in('name', ['Albania', 'Algeria']).order('id'), data: names('Albania', 'Algeria') },
  { name: 'in with a quoted, escaped value', call: (db) => db.from('people').select('name').filter('name', 'in', '("Smith, \\"J\\"",Ada)').order('id'), data: names('Ada', 'Smith, "J"') },
  { name: 'contains an array', call: (db) => db.from('countries').select('name').contains('tags', ['asia']), data: names('Afghanistan') },
  { name: 'contains jsonb', call: (db) => db.from('countries').select('name').contains('data', { capital: { name: 'Tirana' } }), data: names('Albania') },
  { name: 'containedBy', call: (db) => db.from('countries').select('name').containedBy('tags', ['europe', 'asia']), data: names('Albania') },
  { name: 'overlaps an array', call: (db) => db.from('countries').select('name').overlaps('tags', ['africa', 'europe']).order('id'), data: names('Albania', 'Algeria') },
  { name: 'overlaps a range', call: (db) => db.from('reservations').select('room').overlaps('during', '[2000-01-01 12:45, 2000-01-01 13:15)'), data: [{ room: 'Emerald' }] },
  { name: 'rangeGt', call: (db) => db.from('reservations').select('room').rangeGt('during', '[2000-01-01 14:00, 2000-01-01 16:00)'), data: [{ room: 'Topaz' }] },
  { name: 'rangeGte', call: (db) => db.from('reservations').select('room').rangeGte('during', '[2000-01-01 14:00, 2000-01-01 16:00)'), data: [{ room: 'Topaz' }] },
  { name: 'rangeLt', call: (db) => db.from('reservations').select('room').rangeLt('during', '[2000-01-01 15:00, 2000-01-01 16:00)'), data: [{ room: 'Emerald' }] },
  { name: 'rangeLte', call: (db) => db.from('reservations').select('room').rangeLte('during', '[2000-01-01 14:00, 2000-01-01 16:00)'), data: [{ room: 'Emerald' }] },
  { name: 'rangeAdjacent', call: (db) => db.from('reservations').select('room').rangeAdjacent('during', '[2000-01-01 15:00, 2000-01-01 16:00)').order('id'), data: [{ room: 'Emerald' }, { room: 'Topaz' }] },
  { name: 'textSearch on a tsvector', call: (db) => db.from('instruments').select('name').textSearch('fts', 'bowed & string', { config: 'english' }), data: names('violin') },
  { name: 'textSearch plain on a text column', call: (db) => db.from('instruments').select('name').textSearch('description', 'reeds woodwind', { type: 'plain', config: 'english' }), data: names('flute') },
  { name: 'textSearch phrase', call: (db) => db.from('instruments').select('name').textSearch('description', 'bowed string', { type: 'phrase', config: 'english' }), data: names('violin') },
  { name: 'textSearch websearch', call: (db) => db.from('instruments').select('name').textSearch('description', '"larger than" -bowed', { type: 'websearch', config: 'english' }), data: names('viola') },
  { name: 'match', call: (db) => db.from('countries').select('name').match({ code: 'AL', population: 3 }), data: names('Albania') },
  { name: 'not is null', call: (db) => db.from('countries').select('name').not('data', 'is', null).order('id'), data: names('Afghanistan', 'Albania') },
  { name: 'not in', call: (db) => db.from('countries').select('name').not('name', 'in', '("Albania","Algeria")'), data: names('Afghanistan') },
  { name: 'or', call: (db) => db.from('countries').select('name').or('id.eq.2,name.eq.Algeria').order('id'), data: names('Albania', 'Algeria') },
  { name: 'or with and', call: (db) => db.from('countries').select('name').or('id.gt.2,and(name.eq.Afghanistan,population.gt.10)').order('id'), data: names('Afghanistan', 'Algeria') },
  {
    name: 'or on a referenced table',
    call: (db) => db.from('orchestral_sections').select('name, instruments(name)').or('section_id.eq.2,name.eq.violin', { referencedTable: 'instruments' }).eq('id', 1),
    data: [{ name: 'strings', instruments: names('violin') }],
  },
  { name: 'filter()', call: (db) => db.from('countries').select('name').filter('name', 'in', '("Albania","Algeria")').order('id'), data: names('Albania', 'Algeria') },
  { name: 'likeAnyOf', call: (db) => db.from('countries').select('name').likeAnyOf('name', ['Alb%', '%istan']).order('id'), data: names('Afghanistan', 'Albania') },
  { name: 'likeAllOf', call: (db) => db.from('countries').select('name').likeAllOf('name', ['A%', '%ia']).order('id'), data: names('Albania', 'Algeria') },
  { name: 'ilikeAnyOf', call: (db) => db.from('countries').select('name').ilikeAnyOf('name', ['alb%', 'ALG%']).order('id'), data: names('Albania', 'Algeria') },
  { name: 'regexMatch', call: (db) => db.from('countries').select('name').regexMatch('name', '^Al').order('id'), data: names('Albania', 'Algeria') },
  { name: 'regexIMatch', call: (db) => db.from('countries').select('name').regexIMatch('name', '^al').order('id'), data: names('Albania', 'Algeria') },
  { name: 'isDistinct', call: (db) => db.from('countries').select('name').isDistinct('code', 'AL').order('id'), data: names('Afghanistan', 'Algeria') },
  { name: 'eq on a JSON path', call: (db) => db.from('countries').select('name').eq('data->capital->>name', 'Tirana'), data: names('Albania') },
  { name: 'an unknown operator', call: (db) => db.from('countries').select('name').filter('name', 'zz', 'x'), error: { code: 'PGRST100', status: 400 } },
  { name: 'a filter on a resource not embedded', call: (db) => db.from('countries').select('name').eq('cities.name', 'Kabul'), error: { code: 'PGRST108', status: 400 } },

  // modifiers
  { name: 'order descending', call: (db) => db.from('countries').select('name').order('name', { ascending: false }), data: names('Algeria', 'Albania', 'Afghanistan') },
  { name: 'order by a JSON path, nulls first', call: (db) => db.from('countries').select('name').order('data->capital->>name', { nullsFirst: true }), data: names('Algeria', 'Afghanistan', 'Albania') },
  {
    name: 'order a referenced table',
    call: (db) => db.from('orchestral_sections').select('name, instruments(name)').order('name', { referencedTable: 'instruments', ascending: false }).eq('id', 1),
    data: [{ name: 'strings', instruments: names('violin', 'viola') }],
  },
  {
    name: 'order by a column of a to-one embed',
    call: (db) => db.from('cities').select('name, countries(name)').order('countries(name)').order('name'),
    data: [{ name: 'Herat', countries: { name: 'Afghanistan' } }, { name: 'Kabul', countries: { name: 'Afghanistan' } }, { name: 'Tirana', countries: { name: 'Albania' } }],
  },
  { name: 'not is null on an embed keeps rows that have one', call: (db) => db.from('countries').select('name, cities(name)').not('cities', 'is', null).order('id').limit(1, { referencedTable: 'cities' }).order('id', { referencedTable: 'cities' }), data: [{ name: 'Afghanistan', cities: names('Kabul') }, { name: 'Albania', cities: names('Tirana') }] },
  { name: 'limit', call: (db) => db.from('countries').select('name').order('id').limit(1), data: names('Afghanistan') },
  {
    name: 'limit a referenced table',
    call: (db) => db.from('orchestral_sections').select('name, instruments(name)').order('id', { referencedTable: 'instruments' }).limit(1, { referencedTable: 'instruments' }).eq('id', 1),
    data: [{ name: 'strings', instruments: names('violin') }],
  },
  { name: 'range', call: (db) => db.from('countries').select('name').order('id').range(1, 2), data: names('Albania', 'Algeria') },
  { name: 'single with an embed', call: (db) => db.from('countries').select('name, cities(name)').eq('id', 1).order('id', { referencedTable: 'cities' }).single(), data: { name: 'Afghanistan', cities: names('Kabul', 'Herat') } },
  { name: 'single with two rows', call: (db) => db.from('countries').select('name').single(), error: { code: 'PGRST116', status: 406 } },
  { name: 'maybeSingle with no row', call: (db) => db.from('countries').select('name').eq('id', 9).maybeSingle(), data: null },
  { name: 'csv', call: (db) => db.from('people').select('id, name').order('id').csv(), data: 'id,name\n1,Ada\n2,Bob\n3,"Smith, ""J"""' },
  { name: 'explain is not available', call: (db) => db.from('countries').select('name').explain(), error: { code: 'PGRST107', status: 406 } },
];

describe.each(ENGINES)('PostgREST reads through supabase-js on $name', (engine) => {
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
      if (c.error) {
        expect(result.error?.code, JSON.stringify(result.error)).toBe(c.error.code);
        expect(result.status).toBe(c.error.status);
        return;
      }
      expect(result.error, JSON.stringify(result.error)).toBeNull();
      expect(result.data).toEqual(c.data);
      if (c.count !== undefined) expect(result.count).toBe(c.count);
    });
  }

  describe('the Range header and Content-Range', () => {
    const get = (query: string, headers: Record<string, string> = {}) =>
      fetch(`${backend.apiUrl}/rest/v1/countries?${query}`, { headers: { apikey: backend.anonKey, ...headers } });

    it('reads a Range: items page, with Content-Range on every read', async () => {
      const page = await get('select=id&order=id', { Range: '0-1', 'Range-Unit': 'items' });
      expect(page.status).toBe(200);
      expect(page.headers.get('content-range')).toBe('0-1/*');
      expect(await page.json()).toEqual([{ id: 1 }, { id: 2 }]);
      const all = await get('select=id');
      expect(all.headers.get('content-range')).toBe('0-2/*');
    });

    it('answers 206 for a partial page with an exact count, 200 for all of it', async () => {
      const partial = await get('select=id&order=id', { Range: '1-1', Prefer: 'count=exact' });
      expect(partial.status).toBe(206);
      expect(partial.headers.get('content-range')).toBe('1-1/3');
      expect(await partial.json()).toEqual([{ id: 2 }]);
      const whole = await get('select=id', { Prefer: 'count=exact' });
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-range')).toBe('0-2/3');
    });

    it('refuses an unsatisfiable range with 416 PGRST103', async () => {
      const past = await get('select=id', { Range: '5-9', Prefer: 'count=exact' });
      expect(past.status).toBe(416);
      expect(await past.json()).toEqual({
        code: 'PGRST103',
        message: 'Requested range not satisfiable',
        details: 'An offset of 5 was requested, but there are only 3 rows.',
        hint: null,
      });
      const inverted = await get('select=id', { Range: '3-1' });
      expect(inverted.status).toBe(416);
      expect((await inverted.json()).details).toBe('The lower boundary must be lower than or equal to the upper boundary in the Range header.');
    });

    it('sends CSV for Accept: text/csv and 406 PGRST107 for a type it cannot produce', async () => {
      const csv = await get('select=id,name&id=eq.1', { Accept: 'text/csv' });
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(await csv.text()).toBe('id,name\n1,Afghanistan');
      const xml = await get('select=id', { Accept: 'text/xml' });
      expect(xml.status).toBe(406);
      expect(await xml.json()).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: text/xml' });
    });

    it('explains an ambiguous embed as PostgREST does', async () => {
      const res = await fetch(`${backend.apiUrl}/rest/v1/messages?select=body,people(name)`, { headers: { apikey: backend.anonKey } });
      expect(res.status).toBe(300);
      expect(await res.json()).toEqual({
        code: 'PGRST201',
        message: "Could not embed because more than one relationship was found for 'messages' and 'people'",
        details: [
          { cardinality: 'many-to-one', embedding: 'messages with people', relationship: 'messages_receiver_id_fkey using messages(receiver_id) and people(id)' },
          { cardinality: 'many-to-one', embedding: 'messages with people', relationship: 'messages_sender_id_fkey using messages(sender_id) and people(id)' },
        ],
        hint: "Try changing 'people' to one of the following: 'people!messages_receiver_id_fkey', 'people!messages_sender_id_fkey'. Find the desired relationship in the 'details' key.",
      });
    });
  });
});
