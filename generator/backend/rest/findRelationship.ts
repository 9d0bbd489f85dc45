import type { RestCatalog, RestForeignKey } from './loadCatalog.ts';
import { RestError } from './RestError.ts';

/** How a parent reaches an embedded table: column pairs (parent, child) and whether one row comes back. */
export interface RestJoin {
  table: string;
  toOne: boolean;
  pairs: [string, string][];
}

interface Candidate {
  fk: RestForeignKey;
  /** true: the parent holds the foreign key (many-to-one). */
  fromParent: boolean;
}

/**
 * Pure: PostgREST's relationship search between `parent` and the embed
 * `target` (a table, a foreign-key name or a foreign-key column), narrowed
 * by `hint` (a foreign-key name or one of its columns). None is 400
 * PGRST200, several are 300 PGRST201 with the candidates in `details`.
 */
export function findRelationship(catalog: RestCatalog, parent: string, target: string, hint?: string): RestJoin {
  const fks = catalog.foreignKeys ?? [];
  let found: Candidate[] = [];
  for (const fk of fks) {
    if (fk.table === parent && (fk.foreignTable === target || fk.name === target || (fk.columns.length === 1 && fk.columns[0] === target))) {
      found.push({ fk, fromParent: true });
    }
    if (fk.foreignTable === parent && (fk.table === target || fk.name === target)) found.push({ fk, fromParent: false });
  }
  if (hint !== undefined) {
    found = found.filter(({ fk, fromParent }) => {
      if (fk.name === hint) return true;
      const single = fk.columns.length === 1;
      if (single && (fk.columns[0] === hint || fk.foreignColumns[0] === hint)) return true;
      return false;
    });
  }
  if (found.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent}' and '${target}'${hint !== undefined ? ` using the hint '${hint}'` : ''} in the schema '${catalog.schema}', but no matches were found.`,
    );
  }
  if (found.length > 1) {
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${target}'`,
      found.map((c) => describe(parent, c)),
      `Try changing '${target}' to one of the following: ${found.map((c) => `'${other(c)}!${c.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  const { fk, fromParent } = found[0];
  return fromParent
    ? { table: fk.foreignTable, toOne: true, pairs: fk.columns.map((c, i) => [c, fk.foreignColumns[i]]) }
    : { table: fk.table, toOne: fk.unique, pairs: fk.foreignColumns.map((c, i) => [c, fk.columns[i]]) };
}

const other = (c: Candidate) => (c.fromParent ? c.fk.foreignTable : c.fk.table);

/** PostgREST's compressedRel: how each candidate is listed in a PGRST201's details. */
function describe(parent: string, { fk, fromParent }: Candidate): Record<string, string> {
  const [mine, theirs] = fromParent ? [fk.columns, fk.foreignColumns] : [fk.foreignColumns, fk.columns];
  const child = other({ fk, fromParent });
  return {
    cardinality: fk.unique ? 'one-to-one' : fromParent ? 'many-to-one' : 'one-to-many',
    embedding: `${parent} with ${child}`,
    relationship: `${fk.name} using ${parent}(${mine.join(', ')}) and ${child}(${theirs.join(', ')})`,
  };
}
