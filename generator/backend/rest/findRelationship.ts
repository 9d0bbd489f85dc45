import type { RestCatalog, RestForeignKey } from './loadCatalog.ts';
import { RestError } from './RestError.ts';

/** How a parent reaches an embedded table: column pairs (parent, child) and whether one row comes back. */
export interface RestJoin {
  table: string;
  toOne: boolean;
  pairs: [string, string][];
  /** Many-to-many: the junction table, (parent column, junction column) and (embedded column, junction column) pairs. */
  junction?: { table: string; parentPairs: [string, string][]; childPairs: [string, string][] };
  /** A computed relationship: the function, called with the parent's row, that returns the embedded rows. */
  computed?: string;
}

interface Candidate {
  fk: RestForeignKey;
  /** true: the parent holds the foreign key (many-to-one). */
  fromParent: boolean;
  /** Many-to-many: `fk` goes from the junction to the parent, `to` from the junction to the embedded table. */
  to?: RestForeignKey;
}

/**
 * Pure: PostgREST's relationship search (Plan.hs findRel) between `parent`
 * and the embed `target`: without a hint, a table, a foreign-key name or a
 * single foreign-key column of the parent; with one, the table and a
 * foreign-key name or a column of either side. A self-referencing key is
 * one-to-many by the table name (`!fk_column` to pick which) and
 * many-to-one by the column name. None is 400 PGRST200, several are 300
 * PGRST201 with the candidates in `details`.
 */
export function findRelationship(catalog: RestCatalog, parent: string, target: string, hint?: string): RestJoin {
  // A computed relationship (a function of the parent's row returning rows of a table or view) is found by its name.
  const fn = hint === undefined ? catalog.computed?.find((f) => f.name === target && f.table === parent && f.returns !== null) : undefined;
  if (fn?.returns) return { table: fn.returns, toOne: fn.singleRow, pairs: [], computed: fn.name };
  const found: Candidate[] = [];
  for (const fk of catalog.foreignKeys ?? []) {
    for (const fromParent of [true, false]) {
      if ((fromParent ? fk.table : fk.foreignTable) !== parent) continue;
      const c = { fk, fromParent };
      if (matches(c, target, hint)) found.push(c);
    }
  }
  for (const c of junctions(catalog, parent)) {
    if (c.to?.foreignTable === target && (hint === undefined || hint === c.fk.table)) found.push(c);
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
      `Try changing '${target}' to one of the following: ${found.map((c) => `'${other(c)}!${c.to ? c.fk.table : c.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  const { fk, fromParent, to } = found[0];
  if (to) {
    return {
      table: to.foreignTable,
      toOne: false,
      pairs: [],
      junction: { table: fk.table, parentPairs: fk.foreignColumns.map((c, i) => [c, fk.columns[i]]), childPairs: to.foreignColumns.map((c, i) => [c, to.columns[i]]) },
    };
  }
  return fromParent
    ? { table: fk.foreignTable, toOne: true, pairs: fk.columns.map((c, i) => [c, fk.foreignColumns[i]]) }
    : { table: fk.table, toOne: fk.unique, pairs: fk.foreignColumns.map((c, i) => [c, fk.columns[i]]) };
}

function matches(c: Candidate, target: string, hint: string | undefined): boolean {
  const { fk, fromParent } = c;
  const foreign = other(c);
  // Column pairs as seen from the parent: (parent column, embedded column).
  const single = fk.columns.length === 1;
  const [mine, theirs] = fromParent ? [fk.columns[0], fk.foreignColumns[0]] : [fk.foreignColumns[0], fk.columns[0]];
  if (fk.table === fk.foreignTable) {
    const m2o = fromParent && !fk.unique;
    const o2m = !fromParent && !fk.unique;
    if (hint === undefined) return (target === foreign && o2m) || (single && mine === target && m2o);
    return target === foreign && o2m && single && theirs === hint;
  }
  // A constraint or column name finds a table only, never a view over it (PostgREST's findRel).
  const toView = fromParent ? fk.foreignTableIsView : fk.tableIsView;
  if (hint === undefined) return target === foreign || (!toView && (fk.name === target || (single && mine === target)));
  return target === foreign && (fk.name === hint || (single && (mine === hint || theirs === hint)));
}

/**
 * Many-to-many candidates (SchemaCache.hs addM2MRels): a table with foreign
 * keys to the parent and to another table, all their columns in its primary
 * key. A self many-to-many is never matched, as in PostgREST.
 */
function junctions(catalog: RestCatalog, parent: string): Candidate[] {
  const fks = catalog.foreignKeys ?? [];
  const out: Candidate[] = [];
  for (const fk of fks) {
    if (fk.foreignTable !== parent) continue;
    for (const to of fks) {
      if (to === fk || to.table !== fk.table || to.foreignTable === parent) continue;
      const pk = catalog.tables.get(fk.table)?.primaryKey ?? [];
      if ([...fk.columns, ...to.columns].every((c) => pk.includes(c))) out.push({ fk, fromParent: false, to });
    }
  }
  return out;
}

const other = (c: Candidate) => (c.to ? c.to.foreignTable : c.fromParent ? c.fk.foreignTable : c.fk.table);

/** PostgREST's compressedRel: how each candidate is listed in a PGRST201's details. */
function describe(parent: string, { fk, fromParent, to }: Candidate): Record<string, string> {
  if (to) {
    return {
      cardinality: 'many-to-many',
      embedding: `${parent} with ${to.foreignTable}`,
      relationship: `${fk.table} using ${fk.name}(${fk.columns.join(', ')}) and ${to.name}(${to.columns.join(', ')})`,
    };
  }
  const [mine, theirs] = fromParent ? [fk.columns, fk.foreignColumns] : [fk.foreignColumns, fk.columns];
  const child = other({ fk, fromParent });
  return {
    cardinality: fk.unique ? 'one-to-one' : fromParent ? 'many-to-one' : 'one-to-many',
    embedding: `${parent} with ${child}`,
    relationship: `${fk.name} using ${parent}(${mine.join(', ')}) and ${child}(${theirs.join(', ')})`,
  };
}
