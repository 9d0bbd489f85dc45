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
  /** The callable functions of the schema by name, overloads with fewer parameters first (PostgREST's order). */
  functions: Map<string, RestRoutine[]>;
  /**
   * Functions of one argument, a row of a table or view of the schema: `select=*,fn` reads them as
   * columns (computed fields), and those returning rows of a table or view embed as `fn(*)`
   * (computed relationships; one row when not `setof` or `rows 1`).
   */
  computed?: RestComputed[];
  /** PostgREST's in-database configuration (`alter role authenticator set pgrst.<key>`), as hosted Supabase reads it. */
  settings?: RestSettings;
}

/** A function `name(table) returns ...`, one per (name, table). */
export interface RestComputed {
  name: string;
  table: string;
  /** The table or view whose rows it returns, or null for a scalar (a computed field only). */
  returns: string | null;
  singleRow: boolean;
  /** format_type of its result. */
  type: string;
}

/** The pgrst.* settings of the authenticator role that change what the REST layer does. */
export interface RestSettings {
  /** pgrst.db_aggregates_enabled: count(), sum(), avg(), min(), max() in select (PostgREST's default: off). */
  aggregatesEnabled: boolean;
  /** pgrst.db_tx_end: commit (the default) or rollback; `-allow-override` lets `Prefer: tx=` choose per request. */
  txEnd: 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';
  /** pgrst.db_plan_enabled: `Accept: application/vnd.pgrst.plan` answers the read's EXPLAIN (PostgREST's default: off). */
  planEnabled: boolean;
  /** `...t(cols)` of a to-many relationship spreads each column as an array (PostgREST 13 and later); before 13, 400 PGRST119. */
  toManySpreads: boolean;
  /**
   * Pinned to a version before 13: PostgREST 12.2's words where later versions changed them (`.single()`
   * on other than one row, a missing table). Not pinned, the later words supabase-js's own tests expect.
   */
  wording12: boolean;
}

type CatalogDefaults = Partial<{ dbAggregatesEnabled: boolean; dbTxEnd: string; dbPlanEnabled: boolean; postgrestVersion: string | null }>;

/** Pure: whether a PostgREST version ("v13.0.4", "14.12"; null = not pinned: the 12.2 this backend matches) spreads to-many relationships. */
export function spreadsToMany(version: string | null | undefined): boolean {
  const major = majorOf(version);
  return !Number.isNaN(major) && major >= 13;
}

/** Pure: whether a pinned PostgREST version is one before 13 (null: none pinned). */
export function pinnedBefore13(version: string | null | undefined): boolean {
  const major = majorOf(version);
  return !Number.isNaN(major) && major < 13;
}

const majorOf = (version: string | null | undefined) => (version ? Number(/^v?(\d+)/.exec(version.trim())?.[1]) : NaN);

/** A parameter as PostgREST's schema cache holds it: '' for an unnamed one, the type as regtype prints it. */
export interface RestRoutineParam {
  name: string;
  type: string;
  /** No DEFAULT: a call must give it. */
  required: boolean;
  variadic: boolean;
}

/** A function of the exposed schema. */
export interface RestRoutine {
  name: string;
  params: RestRoutineParam[];
  returnsSet: boolean;
  /** Returns void (the call answers 204). */
  returnsVoid: boolean;
  /** Returns a row (a table's row type, a composite type, OUT or TABLE columns) rather than a scalar. */
  returnsComposite: boolean;
  /** The table or view whose row type it returns, when it is one of the schema: selects and embeds go through it. */
  returnTable: string | null;
  /** The columns of a row it returns that is no table of the schema (RETURNS TABLE, OUT parameters, a composite type). */
  returnColumns: { name: string; type: string }[];
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
  /** A relationship through a view: the referencing side, or the referenced side, is a view over the key's table. */
  tableIsView?: true;
  foreignTableIsView?: true;
}

/** Reads the catalog once (after migrations). Every identifier a request names is checked against it. */
export async function loadCatalog(db: Queryable, schema = 'public', defaults: CatalogDefaults = {}): Promise<RestCatalog> {
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
  const fns = await db.query<{
    proname: string;
    proretset: boolean;
    params: { name: string; type: string; required: boolean; variadic: boolean }[];
    returns_void: boolean;
    returns_composite: boolean;
    return_table: string | null;
    return_columns: { name: string; type: string }[];
  }>(ROUTINES_SQL, [schema]);
  const functions: RestCatalog['functions'] = new Map();
  for (const row of fns.rows) {
    const list = functions.get(row.proname) ?? [];
    list.push({
      name: row.proname,
      params: row.params,
      returnsSet: row.proretset,
      returnsVoid: row.returns_void,
      returnsComposite: row.returns_composite,
      returnTable: row.return_table,
      returnColumns: row.return_columns,
    });
    functions.set(row.proname, list);
  }
  for (const list of functions.values()) list.sort(compareRoutines);
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
  const tableKeys = fks.rows.map((r) => ({
    name: r.name,
    table: r.table,
    columns: r.columns,
    foreignTable: r.foreign_table,
    foreignColumns: r.foreign_columns,
    unique: r.is_unique,
  }));
  const usage = await db.query<{ view: string; table: string; column: string }>(
    `select u.view_name as view, u.table_name as table, u.column_name as column
       from information_schema.view_column_usage u
       join pg_namespace n on n.nspname = u.view_schema::text
       join pg_class v on v.relname = u.view_name::text and v.relnamespace = n.oid
       join pg_attribute a on a.attrelid = v.oid and a.attname = u.column_name::text and not a.attisdropped
      where u.view_schema::text = $1::text and u.table_schema::text = $1::text`,
    [schema],
  );
  const foreignKeys = [...tableKeys, ...viewForeignKeys(tableKeys, usage.rows)];
  const computed = await db.query<{ name: string; arg_table: string; ret_table: string | null; single_row: boolean; type: string }>(
    `select p.proname as name, ac.relname as arg_table, rc.relname as ret_table,
            not p.proretset or p.prorows = 1 as single_row, format_type(p.prorettype, null) as type
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_class ac on ac.reltype = p.proargtypes[0] and ac.relnamespace = n.oid and ac.relkind in ('r', 'v', 'm', 'p', 'f')
       left join pg_class rc on rc.reltype = p.prorettype and rc.relnamespace = n.oid and rc.relkind in ('r', 'v', 'm', 'p', 'f')
      where n.nspname = $1 and p.prokind = 'f' and p.pronargs = 1
      order by p.proname, ac.relname`,
    [schema],
  );
  return {
    schema,
    tables,
    functions,
    foreignKeys,
    computed: computed.rows.map((r) => ({ name: r.name, table: r.arg_table, returns: r.ret_table, singleRow: r.single_row, type: r.type })),
    settings: await loadSettings(db, defaults),
  };
}

/**
 * Foreign keys as seen through views (PostgREST's view relationships): a
 * view that shows every column of a key, under the same name, takes the
 * place of its table on that side, the other side, or both.
 */
function viewForeignKeys(keys: RestForeignKey[], usage: { view: string; table: string; column: string }[]): RestForeignKey[] {
  const viewsShowing = (table: string, columns: string[]) => {
    const views = new Set(usage.filter((u) => u.table === table).map((u) => u.view));
    return [...views].filter((v) => columns.every((c) => usage.some((u) => u.view === v && u.table === table && u.column === c)));
  };
  const out: RestForeignKey[] = [];
  for (const fk of keys) {
    const tables = [fk.table, ...viewsShowing(fk.table, fk.columns)];
    const foreignTables = [fk.foreignTable, ...viewsShowing(fk.foreignTable, fk.foreignColumns)];
    for (const table of tables) {
      for (const foreignTable of foreignTables) {
        if (table !== fk.table || foreignTable !== fk.foreignTable) {
          out.push({ ...fk, table, foreignTable, ...(table !== fk.table && { tableIsView: true }), ...(foreignTable !== fk.foreignTable && { foreignTableIsView: true }) });
        }
      }
    }
  }
  return out;
}

const TX_END = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'] as const;

/**
 * The pgrst.* settings of the authenticator role, as PostgREST reads its
 * in-database configuration (a setting for this database before one for all),
 * over config.toml's (embedded) keys of the same names.
 */
async function loadSettings(db: Queryable, defaults: CatalogDefaults): Promise<RestSettings> {
  const rows = await db.query<{ key: string; value: string }>(
    `select distinct on (key) key, value from (
       select s.setdatabase as database, split_part(c, '=', 1) as key, substr(c, strpos(c, '=') + 1) as value
         from pg_db_role_setting s cross join unnest(s.setconfig) c
        where s.setrole = (select oid from pg_roles where rolname = 'authenticator')
          and s.setdatabase in (0, (select oid from pg_database where datname = current_catalog))) kv
      where key in ('pgrst.db_aggregates_enabled', 'pgrst.db_tx_end', 'pgrst.db_plan_enabled')
      order by key, database desc`,
  );
  const get = (key: string) => rows.rows.find((r) => r.key === key)?.value.trim().toLowerCase();
  const flag = (key: string, fallback: boolean | undefined) => {
    const value = get(key);
    return value === undefined ? (fallback ?? false) : ['true', 'on', 'yes', '1'].includes(value);
  };
  const txEnd = get('pgrst.db_tx_end') ?? defaults.dbTxEnd;
  return {
    aggregatesEnabled: flag('pgrst.db_aggregates_enabled', defaults.dbAggregatesEnabled),
    planEnabled: flag('pgrst.db_plan_enabled', defaults.dbPlanEnabled),
    txEnd: (TX_END as readonly string[]).includes(txEnd ?? '') ? (txEnd as RestSettings['txEnd']) : 'commit',
    toManySpreads: spreadsToMany(defaults.postgrestVersion),
    wording12: pinnedBefore13(defaults.postgrestVersion),
  };
}

/** Reads the catalog again into `ctx` (after DDL at run time), as PostgREST's NOTIFY pgrst, 'reload schema' does. */
export async function reloadCatalog(ctx: {
  db: Queryable;
  catalog: RestCatalog;
  otherCatalogs?: Map<string, RestCatalog>;
  config?: CatalogDefaults;
}): Promise<void> {
  ctx.catalog = await loadCatalog(ctx.db, ctx.catalog.schema, ctx.config);
  ctx.otherCatalogs?.clear();
}

/**
 * The functions as PostgREST's schema cache reads them: input parameters
 * ('' when unnamed, the type as regtype prints it, required when it has no
 * DEFAULT); a function with unnamed parameters is callable only when it has
 * one, of type json, jsonb, text, xml or bytea (the body is passed whole);
 * trigger functions, aggregates and procedures are left out.
 */
const ROUTINES_SQL = `
  select p.proname, p.proretset,
         coalesce(a.params, '[]') as params,
         p.prorettype = 'void'::regtype as returns_void,
         (t.typtype = 'c' or coalesce(p.proargmodes::text[] && '{t,b,o}', false)) as returns_composite,
         rel.relname as return_table,
         coalesce(o.columns, '[]') as return_columns
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    join pg_type t on t.oid = p.prorettype
    left join lateral (
      select r.relname from pg_class r
       where r.oid = t.typrelid and r.relnamespace = n.oid and r.relkind in ('r', 'v', 'm', 'p', 'f')
    ) rel on true
    left join lateral (
      select json_agg(json_build_object('name', coalesce(x.name, ''), 'type', x.type::regtype::text,
                                        'required', x.idx <= p.pronargs - p.pronargdefaults, 'variadic', x.mode = 'v') order by x.idx) as params,
             count(*) - count(nullif(x.name, '')) as unnamed,
             (array_agg(x.type))[1] as first_type
        from (select i.name, i.type, i.mode, row_number() over (order by i.ord) as idx
                from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[]),
                            coalesce(p.proargmodes, array_fill('i'::"char", array[coalesce(array_length(p.proallargtypes, 1), p.pronargs)])),
                            coalesce(p.proargnames, array_fill(''::text, array[coalesce(array_length(p.proallargtypes, 1), p.pronargs)])))
                     with ordinality as i(type, mode, name, ord)
               where i.mode in ('i', 'b', 'v')) x
    ) a on true
    left join lateral (
      select json_agg(json_build_object('name', i.name, 'type', format_type(i.type, null)) order by i.ord) as columns
        from unnest(p.proallargtypes, p.proargmodes, p.proargnames) with ordinality as i(type, mode, name, ord)
       where i.mode in ('o', 'b', 't')
    ) o on true
   where n.nspname = $1 and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
     and (coalesce(a.unnamed, 0) = 0
          or (a.unnamed = 1 and a.first_type in ('bytea'::regtype, 'json'::regtype, 'jsonb'::regtype, 'text'::regtype, 'xml'::regtype)))`;

/** PostgREST's order of overloads: fewer parameters first, then by the parameters (names, then types). */
function compareRoutines(a: RestRoutine, b: RestRoutine): number {
  if (a.params.length !== b.params.length) return a.params.length - b.params.length;
  for (let i = 0; i < a.params.length; i++) {
    const [x, y] = [a.params[i], b.params[i]];
    if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    if (x.type !== y.type) return x.type < y.type ? -1 : 1;
  }
  return 0;
}
