import { describe, expect, it } from 'vitest';
import { buildInsertSql, locationOf } from '../../../generator/backend/rest/buildInsertSql.ts';
import type { RestCatalog } from '../../../generator/backend/rest/loadCatalog.ts';
import { parsePrefer } from '../../../generator/backend/rest/parsePrefer.ts';
import { parseRestRequest } from '../../../generator/backend/rest/parseRestRequest.ts';
import { RestError } from '../../../generator/backend/rest/RestError.ts';

const catalog: RestCatalog = {
  schema: 'public',
  tables: new Map([
    ['countries', { columns: ['id', 'name', 'continent'], primaryKey: ['id'], defaults: { id: `nextval('public.countries_id_seq'::regclass)`, continent: `'Unknown'::text` } }],
    ['log', { columns: ['at', 'line'] }],
  ]),
  functions: new Map(),
};

function build(path: string, query: string, body: unknown, prefer = '', method = 'POST') {
  const request = parseRestRequest(path, new URLSearchParams(query), method, new Headers({ Prefer: prefer }));
  return buildInsertSql(request, catalog, body, parsePrefer(prefer), new URLSearchParams(query).get('on_conflict'));
}

const T = '"public"."countries"';

describe('buildInsertSql', () => {
  it('builds a plain insert from the JSON body, values only as a parameter, no RETURNING without a representation', () => {
    const sql = build('/countries', '', { name: "x'); drop table countries; --" });
    expect(sql.text).toBe(`insert into ${T} ("name") select _pgrst_body."name" from json_populate_recordset(null::${T}, $1::json) _pgrst_body`);
    expect(sql.params).toEqual([JSON.stringify([{ name: "x'); drop table countries; --" }])]);
    expect(sql).toMatchObject({ returnsRows: false, countsInserted: false, conflictColumns: [] });
  });

  it('upserts on the primary key with merge-duplicates, counting updated rows', () => {
    const sql = build('/countries', 'columns=id,name', [{ id: 1, name: 'Chad' }], 'resolution=merge-duplicates');
    expect(sql.text).toContain(' on conflict ("id") do update set "id" = excluded."id", "name" = excluded."name" where set_config(\'pgrst.updated\'');
    expect(sql).toMatchObject({ countsInserted: true, conflictColumns: ['id'] });
  });

  it('ignores duplicates of ?on_conflict= columns with ignore-duplicates', () => {
    const sql = build('/countries', 'on_conflict=name', { name: 'Chad' }, 'resolution=ignore-duplicates');
    expect(sql.text).toMatch(/ on conflict \("name"\) do nothing$/);
    expect(sql.countsInserted).toBe(false);
  });

  it('refuses an unknown on_conflict column with PGRST204; a table without a key gets no ON CONFLICT', () => {
    expect(() => build('/countries', 'on_conflict=nope', { name: 'Chad' }, 'resolution=merge-duplicates')).toThrow(RestError);
    expect(build('/log', '', { line: 'x' }, 'resolution=merge-duplicates').text).not.toContain('on conflict');
  });

  it('gives absent keys their default with missing=default, each row merged over the defaults as PostgREST merges them', () => {
    const sql = build('/countries', 'columns=name,continent', [{ name: 'Chad' }, { name: 'Peru', continent: 'South America' }], 'missing=default');
    expect(sql.text).toBe(
      `insert into ${T} ("name", "continent") select _pgrst_body."name", _pgrst_body."continent" ` +
        `from jsonb_array_elements($1::jsonb) with ordinality _pgrst_row (elem, n), ` +
        `jsonb_populate_record(null::${T}, jsonb_build_object('continent', 'Unknown'::text) || _pgrst_row.elem) _pgrst_body order by _pgrst_row.n`,
    );
    expect(sql.params).toHaveLength(1);
  });

  it('returns the rows and the primary key of one row for return=representation and headers-only', () => {
    const rep = build('/countries', 'select=name', { name: 'Chad' }, 'return=representation');
    expect(rep.text).toContain(`returning json_build_object('name', ${T}."name") as _row, null::json as _pk`);
    const headers = build('/countries', '', { name: 'Chad' }, 'return=headers-only');
    expect(headers.text).toContain(`returning null::json as _row, json_build_object('id', ${T}."id") as _pk`);
    expect(headers.text).toContain('case when count(*) = 1 then (array_agg(_pk))[1]::text end as location');
  });

  it('builds PUT as an upsert of the row its primary key filters name', () => {
    const sql = build('/countries', 'id=eq.5', { id: 5, name: 'Fiji' }, '', 'PUT');
    expect(sql.text).toContain(`_pgrst_body where _pgrst_body."id" = $1 on conflict ("id") do update set`);
    expect(sql.params[0]).toBe("5");
    const code = (query: string) => {
      try {
        build('/countries', query, { id: 5 }, '', 'PUT');
      } catch (error) {
        return (error as RestError).body.code;
      }
    };
    expect(code('name=eq.Fiji')).toBe('PGRST105');
    expect(code('id=gt.5')).toBe('PGRST105');
    expect(code('id=eq.5&limit=1')).toBe('PGRST114');
  });

  it('inserts rows of empty objects with their defaults', () => {
    expect(build('/countries', '', [{}, {}]).text).toBe(`insert into ${T} select from json_array_elements($1::json) _pgrst_body`);
  });
});

describe('locationOf', () => {
  it('writes /table?pk=eq.value, URL-encoded, is.null for a null key', () => {
    expect(locationOf('countries', '{"id":3}')).toBe('/countries?id=eq.3');
    expect(locationOf('pairs', '{"a":"x y","b":null}')).toBe('/pairs?a=eq.x+y&b=is.null');
    expect(locationOf('log', null)).toBeNull();
  });
});

describe('parsePrefer', () => {
  it('takes the first value of each preference and ignores unknown ones unless handling=strict', () => {
    expect(parsePrefer('return=minimal, return=representation,resolution=merge-duplicates, missing=default, max-affected=3, foo')).toMatchObject({
      return: 'minimal',
      resolution: 'merge-duplicates',
      missing: 'default',
      maxAffected: 3,
    });
    expect(() => parsePrefer('handling=strict, foo=bar, tx=rollback')).toThrow('Invalid preferences given with handling=strict');
  });
});
