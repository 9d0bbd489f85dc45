import { Cursor } from './Cursor.ts';
import { field, fieldName } from './parseField.ts';
import { RestError } from './RestError.ts';
import type { RestSelectItem } from './restTypes.ts';

/**
 * Pure: PostgREST's `select` grammar -> a tree of items: `*`, columns with
 * `alias:`, `::cast` and JSON paths (`data->a->>b`), embedded resources
 * `alias:table!hint!inner(...)`, nested.
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
  if (c.startsWith('...')) {
    throw new RestError(400, 'PGRST127', 'Feature not implemented', 'Spread embedding (...table) is not supported by this backend');
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
  let hint: string | undefined;
  let join: 'inner' | 'left' | undefined;
  for (let i = 0; i < 2 && c.peek() === '!'; i++) {
    c.pos++;
    if (c.eat('inner')) join = 'inner';
    else if (c.eat('left')) join = 'left';
    else hint = fieldName(c);
  }
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
  if (c.startsWith('count()') || /^\.(sum|avg|count|max|min)\(\)/.test(c.text.slice(c.pos).replace(/^[^.,()]*/, ''))) {
    throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  }
  const f = field(c);
  let cast: string | undefined;
  if (c.eat('::')) {
    cast = c.takeWhile((ch) => /[\p{L}\p{N}_ $]/u.test(ch)).trim();
    if (!cast) throw c.fail('identifier');
  }
  c.skipSpaces();
  end(c);
  return { kind: 'field', name: f.name, ...(f.jsonPath && { jsonPath: f.jsonPath }), ...(cast && { cast }), ...(alias !== undefined && { alias }) };
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
