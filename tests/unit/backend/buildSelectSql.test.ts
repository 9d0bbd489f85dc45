import { describe, expect, it } from 'vitest';
import { buildRestSql } from '../../../generator/backend/rest/buildRestSql.ts';
import type { RestCatalog } from '../../../generator/backend/rest/loadCatalog.ts';
import { parseRestRequest } from '../../../generator/backend/rest/parseRestRequest.ts';
import { RestError } from '../../../generator/backend/rest/RestError.ts';

const catalog: RestCatalog = {
  schema: 'public',
  tables: new Map([
    ['countries', { columns: ['id', 'name', 'data'], types: ['integer', 'text', 'jsonb'] }],
    ['cities', { columns: ['id', 'name', 'country_id'], types: ['integer', 'text', 'integer'] }],
  ]),
  functions: new Map(),
  foreignKeys: [{ name: 'cities_country_id_fkey', table: 'cities', columns: ['country_id'], foreignTable: 'countries', foreignColumns: ['id'], unique: false }],
};

const build = (path: string, query: string, headers: Record<string, string> = {}) =>
  buildRestSql(parseRestRequest(path, new URLSearchParams(query), 'GET', new Headers(headers)), catalog, undefined, 1000);

describe('buildSelectSql', () => {
  it('embeds to-many as a json array and to-one as an object, in one statement', () => {
    const many = build('/countries', 'select=name,cities(name)&cities.name=eq.Kabul&cities.order=name.desc&cities.limit=2');
    expect(many.text).toContain(
      `(select coalesce(json_agg(_pgrst_r), '[]') from (select "_pgrst_1"."name" from "public"."cities" "_pgrst_1" where "_pgrst_1"."country_id" = "public"."countries"."id" and "_pgrst_1"."name" = $1 order by "_pgrst_1"."name" desc limit 2) _pgrst_r) as "cities"`,
    );
    expect(many.params).toEqual(['Kabul']);
    const one = build('/cities', 'select=name,land:countries!inner(name)&land.name=eq.x');
    expect(one.text).toContain(`(select row_to_json(_pgrst_r) from (select "_pgrst_1"."name" from "public"."countries" "_pgrst_1" where "_pgrst_1"."id" = "public"."cities"."country_id" and "_pgrst_1"."name" = $1) _pgrst_r) as "land"`);
    expect(one.text).toContain(`where exists (select 1 from "public"."countries" "_pgrst_2" where "_pgrst_2"."id" = "public"."cities"."country_id" and "_pgrst_2"."name" = $2)`);
  });

  it('keeps JSON keys and every filter value in parameters', () => {
    const sql = build('/countries', `select=x:data->>${encodeURIComponent(`"a'); drop table x; --"`)}&or=(name.eq.${encodeURIComponent("'1'='1'")},id.in.(1,2))`);
    expect(sql.text).not.toContain('drop table');
    expect(sql.text).not.toContain("'1'='1'");
    expect(sql.params).toEqual(["a'); drop table x; --", "'1'='1'", '1', '2']);
    expect(sql.text).toContain('"public"."countries"."data"->>$1 as "x"');
  });

  it('gives updates and deletes the same filters and logic trees', () => {
    const sql = buildRestSql(parseRestRequest('/countries', new URLSearchParams('or=(id.eq.1,name.like.A*)&data->>a=eq.x'), 'DELETE', new Headers()), catalog, undefined, 1000);
    expect(sql.text).toBe('delete from "public"."countries" where "public"."countries"."data"->>$1 = $2 and ("public"."countries"."id" = $3 or "public"."countries"."name"::text like $4)');
    expect(sql.params).toEqual(['a', 'x', '1', 'A%']);
  });

  it('wraps a text column in to_tsvector for full-text search', () => {
    expect(build('/countries', 'name=wfts(english).a b').text).toContain('to_tsvector($1::regconfig, "public"."countries"."name") @@ websearch_to_tsquery($1::regconfig, $2)');
  });

  it('refuses a filter on a resource that is not embedded, and a related order on a to-many', () => {
    const code = (query: string) => {
      try {
        build('/countries', query);
      } catch (e) {
        return (e as RestError).body;
      }
      return null;
    };
    expect(code('select=name&cities.name=eq.x')).toEqual({
      code: 'PGRST108',
      message: "'cities' is not an embedded resource in this request",
      details: null,
      hint: "Verify that 'cities' is included in the 'select' query parameter.",
    });
    expect(code('select=name,c:cities(name)&cities.limit=1')).toMatchObject({ code: 'PGRST108', hint: "Change 'cities' to 'c' in filters, orders or limits." });
    expect(code('select=name,cities(name)&order=cities(name)')).toMatchObject({ code: 'PGRST118' });
    expect(code('select=name,nope(name)')).toMatchObject({ code: 'PGRST200' });
  });
});
