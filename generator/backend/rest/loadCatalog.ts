import type { Queryable } from '../Database.ts';

/** The tables, views and functions of the exposed schema, read from the real catalog. */
export interface RestCatalog {
  schema: string;
  /**
   * primaryKey: in column order; empty (or absent) when the table has none.
   * defaults: SQL of each column default (identity: its nextval), for Prefer: missing=default.
   */
  tables: Map<string, { columns: string[]; primaryKey?: string[]; defaults?: Record<string, string> }>;
  functions: Map<string, { args: { name: string; type: string }[]; returnsSet: boolean }>;
}

/** Reads the catalog once (after migrations). Every identifier a request names is checked against it. */
export async function loadCatalog(db: Queryable, schema = 'public'): Promise<RestCatalog> {
  const columns = await db.query<{ table_name: string; column_name: string; default_sql: string | null }>(
    `select c.relname as table_name, a.attname as column_name,
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
    const table = tables.get(row.table_name) ?? { columns: [], primaryKey: [], defaults: {} };
    table.columns.push(row.column_name);
    if (row.default_sql !== null) table.defaults![row.column_name] = row.default_sql;
    tables.set(row.table_name, table);
  }
  const keys = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_index i
       join pg_class c on c.oid = i.indrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = $1 and i.indisprimary
      order by c.relname, a.attnum`,
    [schema],
  );
  for (const row of keys.rows) tables.get(row.table_name)?.primaryKey?.push(row.column_name);
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
  return { schema, tables, functions };
}

/** Reads the catalog again into `ctx` (after DDL at run time), as PostgREST's NOTIFY pgrst, 'reload schema' does. */
export async function reloadCatalog(ctx: { db: Queryable; catalog: RestCatalog }): Promise<void> {
  ctx.catalog = await loadCatalog(ctx.db, ctx.catalog.schema);
}
