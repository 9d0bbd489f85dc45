import { Cursor } from './Cursor.ts';
import { field } from './parseField.ts';
import { operation } from './parseFilter.ts';
import type { RestCondition, RestLogic } from './restTypes.ts';

/**
 * Pure: `or=(a.eq.1,and(b.gt.2,c.is.null))` (key `or`, `not.or`, `cities.or`)
 * -> a RestLogic tree. Values with `,` or `)` are double-quoted; `{a,b}` arrays stay whole.
 */
export function parseLogicTree(key: string, raw: string): RestLogic {
  const names = key.split('.');
  const op = names[names.length - 1] as 'and' | 'or';
  const negate = names.includes('not');
  const embed = names.slice(0, -1).filter((n) => n !== 'not');
  const c = new Cursor(`${negate ? 'not.' : ''}${op}${raw}`, 'logic tree');
  const tree = node(c);
  if (!c.done || !('logic' in tree)) throw c.fail('end of input');
  return embed.length ? { ...tree, embed } : tree;
}

function node(c: Cursor): RestCondition {
  const start = c.pos;
  const negate = c.eat('not.');
  const logic = c.eat('and') ? 'and' : c.eat('or') ? 'or' : null;
  c.skipSpaces();
  if (logic && c.peek() === '(') {
    c.pos++;
    const children: RestCondition[] = [];
    for (;;) {
      c.skipSpaces();
      children.push(node(c));
      c.skipSpaces();
      if (!c.eat(',')) break;
    }
    c.expect(')', '"," or ")"');
    c.skipSpaces();
    return { logic, negate, children };
  }
  c.pos = start;
  const f = field(c);
  c.expect('.', 'delimiter (.)');
  const op = operation(c, 'logic');
  return { column: f.name, ...op, ...(f.jsonPath && { jsonPath: f.jsonPath }) };
}
