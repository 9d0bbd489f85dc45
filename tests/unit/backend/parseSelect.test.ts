import { describe, expect, it } from 'vitest';
import { parseSelect } from '../../../generator/backend/rest/parseSelect.ts';
import { RestError } from '../../../generator/backend/rest/RestError.ts';

describe('parseSelect', () => {
  it('reads *, columns, aliases, casts and JSON paths', () => {
    expect(parseSelect(null)).toEqual([{ kind: 'star' }]);
    expect(parseSelect('id, label:name,id::text,data->a->>b,first:tags->0,"odd, name"')).toEqual([
      { kind: 'field', name: 'id' },
      { kind: 'field', name: 'name', alias: 'label' },
      { kind: 'field', name: 'id', cast: 'text' },
      { kind: 'field', name: 'data', jsonPath: [{ arrow: '->', key: 'a' }, { arrow: '->>', key: 'b' }] },
      { kind: 'field', name: 'tags', alias: 'first', jsonPath: [{ arrow: '->', key: '0', index: true }] },
      { kind: 'field', name: 'odd, name' },
    ]);
  });

  it('reads embedded resources with alias, hint, join type and nesting', () => {
    expect(parseSelect('name,to:people!receiver_id(name),orchestral_sections!inner(name,instruments!left(*)),cities()')).toEqual([
      { kind: 'field', name: 'name' },
      { kind: 'embed', name: 'people', alias: 'to', hint: 'receiver_id', select: [{ kind: 'field', name: 'name' }] },
      {
        kind: 'embed',
        name: 'orchestral_sections',
        join: 'inner',
        select: [{ kind: 'field', name: 'name' }, { kind: 'embed', name: 'instruments', join: 'left', select: [{ kind: 'star' }] }],
      },
      { kind: 'embed', name: 'cities', select: [] },
    ]);
  });

  it('refuses what PostgREST refuses, with its message', () => {
    const error = (raw: string) => {
      try {
        parseSelect(raw);
      } catch (e) {
        return (e as RestError).body;
      }
      return null;
    };
    expect(error('name,(select 1)')).toMatchObject({ code: 'PGRST100', message: '"failed to parse select parameter (name,(select 1))" (line 1, column 6)' });
    expect(error('cities(name')).toMatchObject({ code: 'PGRST100' });
  });

  it('reads aggregates and spreads (whether aggregates are allowed is up to pgrst.db_aggregates_enabled)', () => {
    expect(parseSelect('count(),total:pages.sum()::int,id::text.max(),...cities!inner(name)')).toEqual([
      { kind: 'field', name: '*', aggregate: 'count' },
      { kind: 'field', name: 'pages', alias: 'total', aggregate: 'sum', aggregateCast: 'int' },
      { kind: 'field', name: 'id', cast: 'text', aggregate: 'max' },
      { kind: 'spread', name: 'cities', join: 'inner', select: [{ kind: 'field', name: 'name' }] },
    ]);
  });

  it('refuses a NUL in a JSON key, an alias or a quoted name with PGRST100 at the NUL, named as Parsec names it', () => {
    const error = (raw: string) => {
      try {
        parseSelect(raw);
      } catch (e) {
        return (e as RestError).body;
      }
      return null;
    };
    expect(error('total->>\u0000')).toEqual({
      code: 'PGRST100',
      message: '"failed to parse select parameter (total->>\u0000)" (line 1, column 9)',
      details: 'unexpected "\\NUL" expecting any non reserved character different from: .,>()',
      hint: null,
    });
    for (const raw of ['name->a\u0000b', 'name->0\u0000', 'name->>"\u0000"', '"a\u0000":name', '"na\u0000me"', 'x:name->"k\u0000"->>y']) {
      expect(error(raw), JSON.stringify(raw)).toMatchObject({ code: 'PGRST100', details: expect.stringMatching(/^unexpected "\\NUL" expecting /) });
    }
    // Other control characters are text Postgres can hold: a key that no row has, an alias.
    expect(parseSelect('name->>\u0001,"a\u007f":name')).toEqual([
      { kind: 'field', name: 'name', jsonPath: [{ arrow: '->>', key: '\u0001' }] },
      { kind: 'field', name: 'name', alias: 'a\u007f' },
    ]);
  });
});
