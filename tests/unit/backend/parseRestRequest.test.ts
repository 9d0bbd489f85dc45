import { describe, expect, it } from 'vitest';
import { mediaType, parseRestRequest } from '../../../generator/backend/rest/parseRestRequest.ts';

const parse = (path: string, query: string, method = 'GET', headers: Record<string, string> = {}) =>
  parseRestRequest(path, new URLSearchParams(query), method, new Headers(headers));

describe('parseRestRequest', () => {
  it('reads what supabase-js sends for select / eq / order / limit / single', () => {
    const request = parse('/user_roles', 'select=role&user_id=eq.u1&role=eq.admin&order=created_at.desc&limit=1', 'GET', {
      Accept: 'application/vnd.pgrst.object+json',
      Prefer: 'count=exact',
    });
    expect(request).toMatchObject({
      kind: 'table',
      name: 'user_roles',
      select: ['role'],
      filters: [
        { column: 'user_id', op: 'eq', negate: false, values: ['u1'] },
        { column: 'role', op: 'eq', negate: false, values: ['admin'] },
      ],
      order: [{ column: 'created_at', descending: true, nulls: null }],
      limit: 1,
      singular: true,
      count: true,
    });
  });

  it('reads Prefer return=representation, columns, not., in and is', () => {
    const request = parse('/waitlist', 'columns=%22name%22,%22email%22&name=not.eq.x&id=in.(1,%22a,b%22)&company=is.null', 'POST', {
      Prefer: 'return=representation',
    });
    expect(request.returnRepresentation).toBe(true);
    expect(request.columns).toEqual(['name', 'email']);
    expect(request.filters).toEqual([
      { column: 'name', op: 'eq', negate: true, values: ['x'] },
      { column: 'id', op: 'in', negate: false, values: ['1', 'a,b'] },
      { column: 'company', op: 'is', negate: false, values: ['null'] },
    ]);
  });

  it('keeps a value with dots and quotes whole', () => {
    expect(parse('/t', `email=eq.${encodeURIComponent("a.b@c.co' --")}`).filters[0].values).toEqual(["a.b@c.co' --"]);
  });

  it('parses rpc paths and GET arguments', () => {
    expect(parse('/rpc/waitlist_count', '', 'POST')).toMatchObject({ kind: 'rpc', name: 'waitlist_count' });
    expect(parse('/rpc/f', 'a=1', 'GET').queryArgs).toEqual({ a: '1' });
  });

  it('refuses what PostgREST refuses', () => {
    expect(() => parse('/t', 'name=like')).toThrow(/failed to parse filter/);
    expect(() => parse('/t', 'name=zz.1')).toThrow(/failed to parse filter/);
    expect(() => parse('/t', 'company=is.maybe')).toThrow(/failed to parse filter/);
    expect(() => parse('/t', 'select=(select 1)')).toThrow(/failed to parse select/);
    expect(() => parse('/t', 'order=name.sideways')).toThrow(/failed to parse order/);
    expect(() => parse('/t', 'limit=-1')).toThrow(/failed to parse limit/);
    expect(() => parse('/rpc/f', '', 'DELETE')).toThrow(/Cannot use the DELETE method on RPC/);
    expect(() => parse('/a/b', '')).toThrow(/Invalid path/);
  });
});

describe('mediaType', () => {
  it('names a Content-Type as PostgREST does in "Content-Type not acceptable"', () => {
    expect(mediaType(null)).toBe('application/json');
    expect(mediaType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaType('application/vnd.pgrst.array+json')).toBe('application/json');
    expect(mediaType('text/plain;charset=UTF-8')).toBe('text/plain');
    expect(mediaType('application/x-www-form-urlencoded')).toBe('application/x-www-form-urlencoded');
    expect(mediaType('application/xml; charset=utf-8')).toBe('application/xml; charset=utf-8');
    expect(mediaType('garbage')).toBe('garbage');
  });
});

describe('parseRestRequest and the path', () => {
  it('answers a path whose escapes do not decode with PGRST125', () => {
    expect(() => parseRestRequest('/wait%E0list', new URLSearchParams(), 'GET', new Headers())).toThrow(expect.objectContaining({ body: expect.objectContaining({ code: 'PGRST125' }) }));
  });
});

describe('parseRestRequest and methods', () => {
  it('answers a method a function cannot take with PGRST101, one no route takes with PGRST117 (both 405)', () => {
    const fail = (path: string, method: string) => {
      try {
        parseRestRequest(path, new URLSearchParams(), method, new Headers());
      } catch (error) {
        return { status: (error as { status: number }).status, ...(error as { body: object }).body };
      }
      return null;
    };
    expect(fail('/rpc/waitlist_count', 'DELETE')).toMatchObject({ status: 405, code: 'PGRST101', message: 'Cannot use the DELETE method on RPC' });
    expect(fail('/rpc/waitlist_count', 'PATCH')).toMatchObject({ status: 405, code: 'PGRST101', message: 'Cannot use the PATCH method on RPC' });
    expect(fail('/waitlist', 'PROPFIND')).toMatchObject({ status: 405, code: 'PGRST117', message: 'Unsupported HTTP method: PROPFIND' });
  });
});
