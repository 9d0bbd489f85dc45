import { Cursor } from './Cursor.ts';
import type { JsonStep, RestField } from './restTypes.ts';

const IDENT = /[\p{L}\p{N}_ $]/u;
const NUL = '\u0000';

/**
 * A quoted name holding a NUL is a parse error (PGRST100) at the NUL: field
 * names, aliases and JSON keys go into the statement's text, and Postgres
 * text cannot hold a NUL (the server would refuse the whole message).
 */
function withoutNul(c: Cursor, start: number, name: string): string {
  const at = c.text.indexOf(NUL, start);
  if (at < 0 || at >= c.pos) return name;
  c.pos = at;
  throw c.fail('any character but NUL');
}

/** PostgREST's field name: `"quoted"` or identifier characters joined by dashes (not `->`). */
export function fieldName(c: Cursor): string {
  const start = c.pos;
  const quoted = c.quoted();
  if (quoted !== null) return withoutNul(c, start, quoted);
  return sepByDash(c, (ch) => IDENT.test(ch), 'field name (* or [a..z0..9_$])');
}

function sepByDash(c: Cursor, ok: (ch: string) => boolean, expecting: string): string {
  const parts: string[] = [];
  for (;;) {
    const part = c.takeWhile(ok).trim();
    if (!part) throw c.fail(expecting);
    parts.push(part);
    if (c.peek() === '-' && c.peek(1) !== '>') c.pos++;
    else return parts.join('-');
  }
}

/** `->key`, `->>key`, `->0` steps, as many as come next. */
export function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    const arrow = c.eat('->>') ? '->>' : c.eat('->') ? '->' : null;
    if (!arrow) return steps;
    const start = c.pos;
    const index = /^-?\d+/.exec(c.text.slice(c.pos));
    if (index) {
      c.pos += index[0].length;
      if (c.done || c.startsWith('->') || c.startsWith('::') || ['.', ','].includes(c.peek())) {
        steps.push({ arrow, key: index[0], index: true });
        continue;
      }
      c.pos = start;
    }
    const quoted = c.quoted();
    const key = quoted !== null ? withoutNul(c, start, quoted) : sepByDash(c, (ch) => !'(-:.,>)'.includes(ch) && ch !== NUL, 'any non reserved character different from: .,>()');
    steps.push({ arrow, key });
  }
}

/** A field with its JSON path, surrounding spaces allowed. */
export function field(c: Cursor): RestField {
  c.skipSpaces();
  const name = fieldName(c);
  const path = jsonPath(c);
  c.skipSpaces();
  return path.length ? { name, jsonPath: path } : { name };
}
