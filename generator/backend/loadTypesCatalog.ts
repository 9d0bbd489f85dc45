import type { Queryable } from './Database.ts';
import type { CatalogFunctionArg, CatalogRelation, TypesCatalog } from './TypesCatalog.ts';

/**
 * Reads what `site gen types` needs from pg_catalog, as postgres-meta's
 * queries read it (columns.sql, functions.sql, types.sql, ...), for the
 * given schemas; system schemas are never exposed. Read-only.
 */
export async function loadTypesCatalog(db: Queryable, schemas: string[]): Promise<TypesCatalog> {
  const found = await db.query<{ name: string }>(
    `select nspname::text as name from pg_namespace
      where nspname = any($1::text[]) and nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg\\_temp\\_%'
      order by nspname`,
    [schemas],
  );
  const names = found.rows.map((r) => r.name);
  const kinds: Record<string, CatalogRelation['kind']> = { r: 'table', p: 'table', v: 'view', m: 'materialized_view', f: 'foreign_table' };
  const relations = await db.query<{ id: unknown; schema: string; name: string; kind: string; is_updatable: boolean }>(
    `select c.oid::int8 as id, n.nspname::text as schema, c.relname::text as name, c.relkind::text as kind,
            (pg_relation_is_updatable(c.oid, false) & 20) = 20 as is_updatable
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    [names],
  );
  const columns = await db.query<Record<string, unknown>>(
    `select c.oid::int8 as table_id, a.attname::text as name, coalesce(bt.typname, t.typname)::text as format,
            not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)) as is_nullable,
            a.attidentity in ('a', 'd') as is_identity,
            case a.attidentity when 'a' then 'ALWAYS' when 'd' then 'BY DEFAULT' end as identity_generation,
            a.atthasdef as has_default, a.attgenerated <> '' as is_generated,
            c.relkind in ('r', 'p') or (c.relkind in ('v', 'f') and pg_column_is_updatable(c.oid, a.attnum, false)) as is_updatable
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid
       left join pg_type bt on t.typtype = 'd' and bt.oid = t.typbasetype
      where n.nspname = any($1::text[]) and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped`,
    [names],
  );
  const relationships = await db.query<Record<string, unknown>>(
    `select k.conname::text as foreign_key_name, n.nspname::text as schema, c.relname::text as relation,
            array(select a.attname::text from unnest(k.conkey) with ordinality as u(attnum, i)
                    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum order by u.i) as columns,
            exists (select 1 from pg_constraint u where u.conrelid = k.conrelid and u.contype in ('p', 'u')
                       and u.conkey @> k.conkey and u.conkey <@ k.conkey) as is_one_to_one,
            rn.nspname::text as referenced_schema, rc.relname::text as referenced_relation,
            array(select a.attname::text from unnest(k.confkey) with ordinality as u(attnum, i)
                    join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum order by u.i) as referenced_columns
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = k.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
      where k.contype = 'f' and n.nspname = any($1::text[])`,
    [names],
  );
  const functions = await db.query<Record<string, unknown>>(
    `select n.nspname::text as schema, p.proname::text as name,
            pg_get_function_arguments(p.oid) as argument_types, pg_get_function_result(p.oid) as return_type,
            p.prorettype::int8 as return_type_id, nullif(rt.typrelid, 0)::int8 as return_type_relation_id,
            p.proretset as is_set_returning, case when p.proretset then nullif(p.prorows, 0) end::float8 as prorows,
            coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as arg_modes,
            coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])) as arg_names,
            coalesce(p.proallargtypes, p.proargtypes::oid[])::int8[] as arg_types,
            p.pronargs::int as input_count, p.pronargdefaults::int as default_count
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       left join pg_type rt on rt.oid = p.prorettype
      where n.nspname = any($1::text[]) and p.prokind = 'f'
        and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`,
    [names],
  );
  const types = await db.query<Record<string, unknown>>(
    `select t.oid::int8 as id, t.typname::text as name, n.nspname::text as schema,
            array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder) as enums,
            coalesce((select json_agg(json_build_object('name', a.attname, 'typeId', a.atttypid::int8) order by a.attnum)
                        from pg_class c join pg_attribute a on a.attrelid = c.oid
                       where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped), '[]'::json) as attributes,
            nullif(t.typrelid, 0)::int8 as type_relation_id
       from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where t.typrelid = 0 or exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind in ('c', 'r', 'v', 'm', 'p'))`,
  );
  const num = (v: unknown) => Number(v);
  const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const modes: Record<string, CatalogFunctionArg['mode']> = { i: 'in', o: 'out', b: 'inout', v: 'variadic', t: 'table' };
  return {
    schemas: names,
    relations: relations.rows.map((r) => ({ id: num(r.id), schema: r.schema, name: r.name, kind: kinds[r.kind], isUpdatable: r.kind !== 'm' && r.is_updatable })),
    columns: columns.rows.map((c) => ({
      tableId: num(c.table_id),
      name: String(c.name),
      format: String(c.format),
      isNullable: Boolean(c.is_nullable),
      isIdentity: Boolean(c.is_identity),
      identityGeneration: (c.identity_generation as 'ALWAYS' | 'BY DEFAULT' | null) ?? null,
      hasDefault: Boolean(c.has_default),
      isGenerated: Boolean(c.is_generated),
      isUpdatable: Boolean(c.is_updatable),
    })),
    relationships: relationships.rows.map((r) => ({
      foreignKeyName: String(r.foreign_key_name),
      schema: String(r.schema),
      relation: String(r.relation),
      columns: r.columns as string[],
      isOneToOne: Boolean(r.is_one_to_one),
      referencedSchema: String(r.referenced_schema),
      referencedRelation: String(r.referenced_relation),
      referencedColumns: r.referenced_columns as string[],
    })),
    functions: functions.rows.map((f) => {
      const argModes = f.arg_modes as string[];
      const firstDefault = Number(f.input_count) - Number(f.default_count);
      let input = 0;
      const args = (f.arg_types as unknown[]).map((typeId, i) => {
        const mode = modes[argModes[i]] ?? 'in';
        const isInput = mode === 'in' || mode === 'inout' || mode === 'variadic';
        const hasDefault = isInput && input++ >= firstDefault;
        return { mode, name: (f.arg_names as string[])[i] ?? '', typeId: num(typeId), hasDefault };
      });
      return {
        schema: String(f.schema),
        name: String(f.name),
        args,
        argumentTypes: String(f.argument_types),
        returnType: String(f.return_type),
        returnTypeId: num(f.return_type_id),
        returnTypeRelationId: orNull(f.return_type_relation_id),
        isSetReturning: Boolean(f.is_set_returning),
        prorows: orNull(f.prorows),
      };
    }),
    types: types.rows.map((t) => ({
      id: num(t.id),
      name: String(t.name),
      schema: String(t.schema),
      enums: t.enums as string[],
      attributes: ((typeof t.attributes === 'string' ? JSON.parse(t.attributes) : t.attributes) as { name: string; typeId: unknown }[]).map((a) => ({ name: a.name, typeId: num(a.typeId) })),
      typeRelationId: orNull(t.type_relation_id),
    })),
  };
}
