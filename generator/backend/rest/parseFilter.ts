import { Cursor } from './Cursor.ts';
import { fieldName, jsonPath } from './parseField.ts';
import type { RestFilter, RestOperator } from './restTypes.ts';

const SIMPLE = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const;
/** Order matters as in PostgREST: `gte` before `gt`, `ilike` after `like`. */
const QUANT = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'] as const;
const FTS = ['fts', 'plfts', 'phfts', 'wfts'] as const;
const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'];
const EXPECTING = 'operator (eq, gt, ...)';

/** Pure: a filter's key (`name`, `data->>a`, `cities.name`) and value (`not.eq.x`) -> RestFilter. */
export function parseFilter(key: string, raw: string): RestFilter {
  const path = parseTreePath(key);
  const c = new Cursor(raw, 'filter');
  const op = operation(c, 'top');
  return { column: path.name, ...op, ...(path.jsonPath && { jsonPath: path.jsonPath }), ...(path.embed.length && { embed: path.embed }) };
}

/** `a.b.field->x`: the embed path and the field. */
export function parseTreePath(key: string): { embed: string[]; name: string; jsonPath?: RestFilter['jsonPath'] } {
  const c = new Cursor(key, 'tree path');
  const names: string[] = [];
  do names.push(fieldName(c));
  while (c.eat('.'));
  const path = jsonPath(c);
  if (!c.done) throw c.fail('"->" or end of input');
  return { embed: names.slice(0, -1), name: names[names.length - 1], ...(path.length && { jsonPath: path }) };
}

/**
 * `[not.]op[(any|all)|(lang)].value`. `mode` 'top' takes the rest of the text
 * as the value; 'logic' (inside or=(...)) stops at `,` or `)` unless quoted.
 */
export function operation(c: Cursor, mode: 'top' | 'logic'): Omit<RestFilter, 'column'> {
  const negate = c.eat('not.');
  const value = () => {
    if (mode === 'logic') return logicValue(c);
    const rest = c.text.slice(c.pos);
    c.pos = c.text.length;
    return rest;
  };
  const start = c.pos;
  const word = c.takeWhile((ch) => /[a-z_]/.test(ch));
  const base = { negate };
  if (word === 'in' && c.eat('.')) return { op: 'in', ...base, values: list(c) };
  if (word === 'is' && c.eat('.')) {
    const v = c.takeWhile((ch) => /[A-Za-z_]/.test(ch)).toLowerCase();
    if (!IS_VALUES.includes(v) || !(c.done || mode === 'logic')) {
      c.pos = start + 3;
      throw c.fail('isVal: (null, not_null, true, false, unknown)');
    }
    return { op: 'is', ...base, values: [v] };
  }
  if (word === 'isdistinct' && c.eat('.')) return { op: 'isdistinct', ...base, values: [value()] };
  if ((FTS as readonly string[]).includes(word)) {
    let language: string | undefined;
    if (c.eat('(')) {
      language = c.takeWhile((ch) => /[\p{L}\p{N}_ $]/u.test(ch)).trim();
      c.expect(')');
    }
    c.expect('.', 'delimiter (.)');
    return { op: word as RestOperator, ...base, values: [value()], ...(language && { language }) };
  }
  if ((SIMPLE as readonly string[]).includes(word)) {
    c.expect('.', 'delimiter (.)');
    return { op: word as RestOperator, ...base, values: [value()] };
  }
  if ((QUANT as readonly string[]).includes(word)) {
    let quantifier: 'any' | 'all' | undefined;
    if (c.eat('(any)')) quantifier = 'any';
    else if (c.eat('(all)')) quantifier = 'all';
    if (!c.eat('.')) throw c.fail(quantifier ? 'delimiter (.)' : '"(" or delimiter (.)');
    return { op: word as RestOperator, ...base, values: [value()], ...(quantifier && { quantifier }) };
  }
  c.pos = start;
  throw c.fail(negate ? EXPECTING : `"not" or ${EXPECTING}`);
}

/** `(a,"b,c",d)` -> ['a', 'b,c', 'd'] */
function list(c: Cursor): string[] {
  c.skipSpaces();
  c.expect('(');
  c.skipSpaces();
  const items: string[] = [];
  for (;;) {
    const save = c.pos;
    const quoted = c.quoted();
    if (quoted !== null && (c.peek() === ',' || c.peek() === ')' || c.peek() === ' ')) items.push(quoted);
    else {
      c.pos = save;
      items.push(c.takeWhile((ch) => ch !== ',' && ch !== ')'));
    }
    if (!c.eat(',')) break;
  }
  c.skipSpaces();
  c.expect(')', '"," or ")"');
  c.skipSpaces();
  return items;
}

/** A value inside a logic tree: `"quoted"`, `{pg,array}`, or up to `,`/`)`. */
function logicValue(c: Cursor): string {
  const save = c.pos;
  const quoted = c.quoted();
  if (quoted !== null && (c.done || c.peek() === ',' || c.peek() === ')')) return quoted;
  c.pos = save;
  if (c.peek() === '{') {
    const close = c.text.indexOf('}', c.pos);
    if (close > 0 && !c.text.slice(c.pos + 1, close).includes('{')) {
      const v = c.text.slice(c.pos, close + 1);
      c.pos = close + 1;
      return v;
    }
  }
  return c.takeWhile((ch) => ch !== ',' && ch !== ')');
}
