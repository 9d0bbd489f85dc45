import { Cursor } from './Cursor.ts';
import { field, fieldName } from './parseField.ts';
import type { RestOrder } from './restTypes.ts';

/** Pure: `order=name.desc.nullslast,data->>a,country(name).asc` -> RestOrder[]. */
export function parseOrder(raw: string): RestOrder[] {
  const c = new Cursor(raw, 'order');
  const terms: RestOrder[] = [];
  for (;;) {
    c.skipSpaces();
    const start = c.pos;
    let relation: string | undefined;
    try {
      const name = fieldName(c);
      if (c.peek() === '(') relation = name;
    } catch {
      // a plain term
    }
    if (relation !== undefined) c.pos++;
    else c.pos = start;
    const f = field(c);
    if (relation !== undefined) c.expect(')', '")"');
    const term: RestOrder = { column: f.name, descending: false, nulls: null };
    if (c.eat('.asc')) term.descending = false;
    else if (c.eat('.desc')) term.descending = true;
    if (c.eat('.nullsfirst')) term.nulls = 'first';
    else if (c.eat('.nullslast')) term.nulls = 'last';
    c.skipSpaces();
    if (f.jsonPath) term.jsonPath = f.jsonPath;
    if (relation !== undefined) term.relation = relation;
    terms.push(term);
    if (c.done) return terms;
    if (!c.eat(',')) throw c.fail('"," or end of input');
  }
}
