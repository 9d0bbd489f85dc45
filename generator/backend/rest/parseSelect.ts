import { Cursor } from './Cursor.ts';
import { field, fieldName } from './parseField.ts';
import type { RestAggregate, RestSelectItem } from './restTypes.ts';

/**
 * Pure: PostgREST's `select` grammar -> a tree of items: `*`, columns with
 * `alias:`, `::cast` and JSON paths (`data->a->>b`), aggregates (`count()`,
 * `col.sum()::int`), embedded resources `alias:table!hint!inner(...)` and
 * spreads `...table(...)`, nested.
 */
export function parseSelect(raw: string | null): RestSelectItem[] {
  if (raw === null || raw === '') return [{ kind: 'star' }];
  const c = new Cursor(raw, 'select parameter');
  const items = forest(c);
  if (!c.done) throw c.fail('"," or end of input');
  return items;
}

function forest(c: Cursor): RestSelectItem[] {
  const items: RestSelectItem[] = [];
  for (;;) {
    items.push(item(c));
    c.skipSpaces();
    if (!c.eat(',')) return items;
    c.skipSpaces();
  }
}

function item(c: Cursor): RestSelectItem {
  c.skipSpaces();
  if (c.eat('...')) {
    const name = fieldName(c);
    const { hint, join } = embedParams(c);
    c.expect('(', '"("');
    const select = c.peek() === ')' ? [] : forest(c);
    c.skipSpaces();
    c.expect(')', '")"');
    c.skipSpaces();
    return { kind: 'spread', name, ...(hint !== undefined && { hint }), ...(join && { join }), select };
  }
  if (c.peek() === '*') {
    c.pos++;
    c.skipSpaces();
    end(c);
    return { kind: 'star' };
  }
  const alias = tryAlias(c);
  const start = c.pos;
  const name = fieldName(c);
  const { hint, join } = embedParams(c);
  if (c.peek() === '(' && name !== 'count') {
    c.pos++;
    const select = c.peek() === ')' ? [] : forest(c);
    c.skipSpaces();
    c.expect(')', '")"');
    c.skipSpaces();
    return { kind: 'embed', name, ...(alias !== undefined && { alias }), ...(hint !== undefined && { hint }), ...(join && { join }), select };
  }
  if (hint !== undefined || join) throw c.fail('"("');
  c.pos = start;
  if (c.eat('count()')) {
    const aggregateCast = castOf(c);
    c.skipSpaces();
    end(c);
    return { kind: 'field', name: '*', aggregate: 'count', ...(aggregateCast && { aggregateCast }), ...(alias !== undefined && { alias }) };
  }
  const f = field(c);
  const cast = castOf(c);
  const agg = /^\.(sum|avg|count|max|min)\(\)/.exec(c.text.slice(c.pos));
  let aggregate: RestAggregate | undefined;
  let aggregateCast: string | undefined;
  if (agg) {
    c.pos += agg[0].length;
    aggregate = agg[1] as RestAggregate;
    aggregateCast = castOf(c);
  }
  c.skipSpaces();
  end(c);
  return {
    kind: 'field',
    name: f.name,
    ...(f.jsonPath && { jsonPath: f.jsonPath }),
    ...(cast && { cast }),
    ...(alias !== undefined && { alias }),
    ...(aggregate && { aggregate }),
    ...(aggregateCast && { aggregateCast }),
  };
}

/** `!hint` and `!inner` / `!left`, in either order. */
function embedParams(c: Cursor): { hint?: string; join?: 'inner' | 'left' } {
  let hint: string | undefined;
  let join: 'inner' | 'left' | undefined;
  for (let i = 0; i < 2 && c.peek() === '!'; i++) {
    c.pos++;
    if (c.eat('inner')) join = 'inner';
    else if (c.eat('left')) join = 'left';
    else hint = fieldName(c);
  }
  return { ...(hint !== undefined && { hint }), ...(join && { join }) };
}

/** `::type`, or undefined. */
function castOf(c: Cursor): string | undefined {
  if (!c.eat('::')) return undefined;
  const cast = c.takeWhile((ch) => /[\p{L}\p{N}_ $]/u.test(ch)).trim();
  if (!cast) throw c.fail('identifier');
  return cast;
}

/** `alias:` (one colon; `::` is a cast). */
function tryAlias(c: Cursor): string | undefined {
  const start = c.pos;
  try {
    const name = fieldName(c);
    if (c.peek() === ':' && c.peek(1) !== ':') {
      c.pos++;
      return name;
    }
  } catch {
    // not an alias
  }
  c.pos = start;
  return undefined;
}

function end(c: Cursor): void {
  if (!(c.done || c.peek() === ',' || c.peek() === ')')) throw c.fail('"," or ")" or end of input');
}
