import { describe, expect, it } from 'vitest';
import { parseFilter } from '../../../generator/backend/rest/parseFilter.ts';
import { parseLogicTree } from '../../../generator/backend/rest/parseLogicTree.ts';
import { parseOrder } from '../../../generator/backend/rest/parseOrder.ts';
import { RestError } from '../../../generator/backend/rest/RestError.ts';

const body = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as RestError).body;
  }
  return null;
};

describe('parseFilter', () => {
  it('reads every operator supabase-js sends', () => {
    const cases: [string, object][] = [
      ['eq.1', { op: 'eq', values: ['1'] }],
      ['neq.a.b', { op: 'neq', values: ['a.b'] }],
      ['gte.2', { op: 'gte', values: ['2'] }],
      ['imatch.^a', { op: 'imatch', values: ['^a'] }],
      ['like(any).{a*,*b}', { op: 'like', quantifier: 'any', values: ['{a*,*b}'] }],
      ['ilike(all).{a*}', { op: 'ilike', quantifier: 'all', values: ['{a*}'] }],
      ['in.(1,"a,b","c\\"d")', { op: 'in', values: ['1', 'a,b', 'c"d'] }],
      ['is.NULL', { op: 'is', values: ['null'] }],
      ['is.not_null', { op: 'is', values: ['not_null'] }],
      ['isdistinct.x', { op: 'isdistinct', values: ['x'] }],
      ['fts(english).cat & dog', { op: 'fts', language: 'english', values: ['cat & dog'] }],
      ['wfts.a -b', { op: 'wfts', values: ['a -b'] }],
      ['cs.{a,b}', { op: 'cs', values: ['{a,b}'] }],
      ['adj.[1,2)', { op: 'adj', values: ['[1,2)'] }],
      ['not.in.(1)', { op: 'in', negate: true, values: ['1'] }],
    ];
    for (const [raw, expected] of cases) expect(parseFilter('c', raw), raw).toMatchObject({ column: 'c', negate: false, ...expected });
  });

  it('reads embedded paths and JSON paths in the key', () => {
    expect(parseFilter('cities.name', 'eq.x')).toEqual({ column: 'name', embed: ['cities'], op: 'eq', negate: false, values: ['x'] });
    expect(parseFilter('data->a->>b', 'eq.x')).toMatchObject({ column: 'data', jsonPath: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] });
  });

  it('refuses an unknown operator with PostgREST message and details', () => {
    expect(body(() => parseFilter('c', 'zz.1'))).toEqual({
      code: 'PGRST100',
      message: '"failed to parse filter (zz.1)" (line 1, column 1)',
      details: 'unexpected "z" expecting "not" or operator (eq, gt, ...)',
      hint: null,
    });
    expect(body(() => parseFilter('c', 'not.zz.1'))).toMatchObject({ message: '"failed to parse filter (not.zz.1)" (line 1, column 5)', details: 'unexpected "z" expecting operator (eq, gt, ...)' });
    expect(body(() => parseFilter('c', 'is.maybe'))).toMatchObject({ code: 'PGRST100' });
  });
});

describe('parseLogicTree', () => {
  it('reads nested and/or, not., quoted values and arrays', () => {
    expect(parseLogicTree('or', '(a.eq.1,and(b.gt.2,c.is.null),d.in.(1,2),e.eq."x,y",f.cs.{1,2},g.not.eq.3)')).toEqual({
      logic: 'or',
      negate: false,
      children: [
        { column: 'a', op: 'eq', negate: false, values: ['1'] },
        { logic: 'and', negate: false, children: [{ column: 'b', op: 'gt', negate: false, values: ['2'] }, { column: 'c', op: 'is', negate: false, values: ['null'] }] },
        { column: 'd', op: 'in', negate: false, values: ['1', '2'] },
        { column: 'e', op: 'eq', negate: false, values: ['x,y'] },
        { column: 'f', op: 'cs', negate: false, values: ['{1,2}'] },
        { column: 'g', op: 'eq', negate: true, values: ['3'] },
      ],
    });
    expect(parseLogicTree('cities.not.and', '(a.eq.1)')).toMatchObject({ logic: 'and', negate: true, embed: ['cities'] });
  });

  it('refuses a malformed tree', () => {
    expect(body(() => parseLogicTree('or', 'a.eq.1'))).toMatchObject({ code: 'PGRST100', message: expect.stringContaining('"failed to parse logic tree (ora.eq.1)"') });
  });
});

describe('parseOrder', () => {
  it('reads directions, nulls, JSON paths and related orders', () => {
    expect(parseOrder('name.desc.nullslast,data->>a,country(name).asc')).toEqual([
      { column: 'name', descending: true, nulls: 'last' },
      { column: 'data', descending: false, nulls: null, jsonPath: [{ arrow: '->>', key: 'a' }] },
      { column: 'name', descending: false, nulls: null, relation: 'country' },
    ]);
    expect(body(() => parseOrder('name.sideways'))).toMatchObject({ code: 'PGRST100', message: '"failed to parse order (name.sideways)" (line 1, column 5)' });
  });
});
