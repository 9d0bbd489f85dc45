import { describe, expect, it } from 'vitest';
import { buildRestSql } from '../../../generator/backend/rest/buildRestSql.ts';
import type { RestCatalog } from '../../../generator/backend/rest/loadCatalog.ts';
import { parseRestRequest } from '../../../generator/backend/rest/parseRestRequest.ts';
import { RestError } from '../../../generator/backend/rest/RestError.ts';

const catalog: RestCatalog = {
  schema: 'public',
  tables: new Map([
    ['contact_submissions', { columns: ['id', 'name', 'email', 'company', 'message', 'created_at'] }],
    ['user_roles', { columns: ['id', 'user_id', 'role', 'created_at'] }],
  ]),
  functions: new Map([
    ['waitlist_count', [{ name: 'waitlist_count', params: [], returnsSet: false, returnsVoid: false, returnsComposite: false, returnTable: null, returnColumns: [] }]],
  ]),
};

function build(path: string, query: string, method = 'GET', headers: Record<string, string> = {}, body?: unknown) {
  return buildRestSql(parseRestRequest(path, new URLSearchParams(query), method, new Headers(headers)), catalog, body, 1000);
}

describe('buildRestSql', () => {
  it('builds a select with filters, order and limit; values only as parameters', () => {
    const sql = build('/user_roles', 'select=role&user_id=eq.abc&role=eq.admin&order=created_at.desc.nullslast&limit=1');
    expect(sql.text).toBe(
      'select coalesce(json_agg(_pgrst), \'[]\')::text as body, count(*)::int as page, null::int as total from (' +
        'select "public"."user_roles"."role" from "public"."user_roles" where "public"."user_roles"."user_id" = $1 and "public"."user_roles"."role" = $2 ' +
        'order by "public"."user_roles"."created_at" desc nulls last limit 1) _pgrst',
    );
    expect(sql.params).toEqual(['abc', 'admin']);
  });

  it('keeps an injection attempt in a parameter', () => {
    const sql = build('/contact_submissions', `name=eq.${encodeURIComponent("x' or '1'='1")}`);
    expect(sql.text).not.toContain("'1'='1");
    expect(sql.params).toEqual(["x' or '1'='1"]);
  });

  it('counts for HEAD with count=exact without building a body', () => {
    const sql = build('/contact_submissions', 'select=*', 'HEAD', { Prefer: 'count=exact' });
    expect(sql.text).toContain('null::text as body');
    expect(sql.text).toContain('(select count(*) from "public"."contact_submissions")::int as total');
  });

  it('caps the page at max_rows', () => {
    expect(build('/contact_submissions', '').text).toContain('limit 1000');
    expect(build('/contact_submissions', 'limit=5000').text).toContain('limit 1000');
  });

  it('inserts through json_populate_recordset, returning rows only for representation', () => {
    const minimal = build('/contact_submissions', '', 'POST', { Prefer: 'return=minimal' }, { name: 'A', email: 'a@b.co' });
    expect(minimal.text).toBe(
      'insert into "public"."contact_submissions" ("name", "email") select "name", "email" from json_populate_recordset(null::"public"."contact_submissions", $1::json)',
    );
    expect(minimal.params).toEqual([JSON.stringify([{ name: 'A', email: 'a@b.co' }])]);
    const representation = build('/contact_submissions', 'select=id', 'POST', { Prefer: 'return=representation' }, [{ name: 'A' }]);
    expect(representation.text).toMatch(/^with _pgrst as \(insert .* returning "public"."contact_submissions"."id"\) select coalesce/);
  });

  it('updates and deletes with the same filters', () => {
    const update = build('/contact_submissions', 'id=eq.1', 'PATCH', {}, { message: 'x' });
    expect(update.text).toBe(
      'update "public"."contact_submissions" set "message" = _pgrst_body."message" from json_populate_record(null::"public"."contact_submissions", $2::json) _pgrst_body where "public"."contact_submissions"."id" = $1',
    );
    expect(update.params).toEqual(['1', JSON.stringify({ message: 'x' })]);
    expect(build('/contact_submissions', 'id=in.(1,2)', 'DELETE').text).toBe(
      'delete from "public"."contact_submissions" where "public"."contact_submissions"."id" in ($1, $2)',
    );
  });

  it('calls a function with typed named arguments', () => {
    expect(build('/rpc/waitlist_count', '', 'POST', {}, {}).text).toBe(
      'with pgrst_source as (select pgrst_call.pgrst_scalar from (select "public"."waitlist_count"() as pgrst_scalar) pgrst_call) ' +
        `select coalesce((json_agg(_pgrst.pgrst_scalar) -> 0)::text, 'null') as body, count(*)::int as page, null::int as total from (select pgrst_scalar from pgrst_source limit 1000) _pgrst`,
    );
  });

  it('refuses names that are not in the catalog', () => {
    const cases: [string, string, string, unknown, string][] = [
      ['/users', '', 'GET', undefined, 'PGRST205'],
      ['/contact_submissions', 'password=eq.x', 'GET', undefined, '42703'],
      ['/contact_submissions', 'select=name,secret', 'GET', undefined, '42703'],
      ['/contact_submissions', 'order=secret', 'GET', undefined, '42703'],
      ['/contact_submissions', '', 'POST', { secret: 1 }, 'PGRST204'],
      ['/rpc/has_role', '', 'POST', {}, 'PGRST202'],
      ['/rpc/waitlist_count', '', 'POST', { email: 'x' }, 'PGRST202'],
    ];
    for (const [path, query, method, body, code] of cases) {
      let error: unknown;
      try {
        build(path, query, method, {}, body);
      } catch (e) {
        error = e;
      }
      expect(error, `${method} ${path}?${query}`).toBeInstanceOf(RestError);
      expect((error as RestError).body.code).toBe(code);
    }
  });
});

describe('buildRestSql and filters on an insert', () => {
  it('binds exactly the parameters the statement uses (an insert has no WHERE, so its filters bind nothing)', () => {
    for (const body of [[{}], { name: 'Ada' }]) {
      const sql = build('/contact_submissions', 'created_at=gt.notadate', 'POST', {}, body);
      const used = new Set([...sql.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
      expect(sql.params.length, JSON.stringify(body)).toBe(used.size);
    }
  });
});
