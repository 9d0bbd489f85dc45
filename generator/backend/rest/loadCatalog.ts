import type { Queryable } from '../Database.ts';

/** The tables, views and functions of the exposed schema, read from the real catalog. */
export interface RestCatalog {
  schema: string;
  /**
   * columns in order; types (format_type) in the same order; primaryKey in column order, absent when
   * the table has none; defaults: SQL of each column default (identity: its nextval), for Prefer: missing=default.
   */
  tables: Map<string, { columns: string[]; types?: string[]; primaryKey?: string[]; defaults?: Record<string, string> }>;
  /** Foreign keys between tables of the schema, for embedding. */
  foreignKeys?: RestForeignKey[];
  functions: Map<string, { args: { name: string; type: string }[]; returnsSet: boolean }>;
}

/** A foreign key: `table(columns)` references `foreignTable(foreignColumns)`. */
export interface RestForeignKey {
  name: string;
  table: string;
  columns: string[];
  foreignTable: string;
  foreignColumns: string[];
  /** The referencing columns are unique (a one-to-one relationship). */
  unique: boolean;
}

/** Reads the catalog once (after migrations). Every identifier a request names is checked against it. */
export async function loadCatalog(db: Queryable, schema = 'public'): Promise<RestCatalog> {
  const columns = await db.query<{ table_name: string; column_name: string; type: string; default_sql: string | null }>(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type,
            case when a.attgenerated <> '' then null
                 when a.attidentity <> '' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
                 else pg_get_expr(d.adbin, d.adrelid) end as default_sql
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
      order by c.relname, a.attnum`,
    [schema],
  );
  const tables: RestCatalog['tables'] = new Map();
  for (const row of columns.rows) {
    const table = tables.get(row.table_name) ?? { columns: [], types: [], defaults: {} };
    table.columns.push(row.column_name);
    table.types?.push(row.type);
    if (row.default_sql !== null) table.defaults![row.column_name] = row.default_sql;
    tables.set(row.table_name, table);
  }
  const fns = await db.query<{ proname: string; proretset: boolean; argnames: string[] | null; argtypes: string[] }>(
    `select p.proname, p.proretset, p.proargnames as argnames,
            array(select format_type(t, null) from unnest(p.proargtypes::oid[]) as t) as argtypes
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.prokind = 'f'`,
    [schema],
  );
  const functions: RestCatalog['functions'] = new Map();
  for (const row of fns.rows) {
    functions.set(row.proname, {
      returnsSet: row.proretset,
      args: row.argtypes.map((type, i) => ({ name: row.argnames?.[i] ?? `$${i + 1}`, type })),
    });
  }
  const fks = await db.query<{ name: string; table: string; columns: string[]; foreign_table: string; foreign_columns: string[]; is_unique: boolean }>(
    `select c.conname as name, t.relname as table, f.relname as foreign_table,
            array(select a.attname::text from unnest(c.conkey) with ordinality k(n, o)
                    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as columns,
            array(select a.attname::text from unnest(c.confkey) with ordinality k(n, o)
                    join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as foreign_columns,
            exists(select 1 from pg_index i where i.indrelid = c.conrelid and i.indisunique and i.indpred is null
                      and i.indkey::int2[] @> c.conkey and c.conkey @> i.indkey::int2[]) as is_unique
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid join pg_namespace tn on tn.oid = t.relnamespace
       join pg_class f on f.oid = c.confrelid join pg_namespace fn on fn.oid = f.relnamespace
      where c.contype = 'f' and tn.nspname = $1 and fn.nspname = $1
      order by t.relname, c.conname`,
    [schema],
  );
  const pks = await db.query<{ table_name: string; columns: string[] }>(
    `select c.relname as table_name,
            array(select a.attname::text from unnest(i.indkey::int2[]) k(n) join pg_attribute a on a.attrelid = c.oid and a.attnum = k.n) as columns
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and i.indisprimary`,
    [schema],
  );
  for (const row of pks.rows) {
    const table = tables.get(row.table_name);
    if (table) table.primaryKey = row.columns;
  }
  const foreignKeys = fks.rows.map((r) => ({
    name: r.name,
    table: r.table,
    columns: r.columns,
    foreignTable: r.foreign_table,
    foreignColumns: r.foreign_columns,
    unique: r.is_unique,
  }));
  return { schema, tables, functions, foreignKeys };
}

/** Reads the catalog again into `ctx` (after DDL at run time), as PostgREST's NOTIFY pgrst, 'reload schema' does. */
export async function reloadCatalog(ctx: { db: Queryable; catalog: RestCatalog }): Promise<void> {
  ctx.catalog = await loadCatalog(ctx.db, ctx.catalog.schema);
}
