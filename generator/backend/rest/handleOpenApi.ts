import type { BackendContext, Caller } from '../BackendContext.ts';
import { runAsCaller } from '../runAsCaller.ts';
import { RestError } from './RestError.ts';
import { openApiDocument, type OpenApiSchema } from './openApiDocument.ts';

/**
 * GET /rest/v1/: the OpenAPI (Swagger 2.0) description of the exposed
 * schema, read as the caller's role, so it lists only the tables and views
 * the role holds a privilege on and the functions it may execute
 * (PostgREST's openapi-mode = follow-privileges).
 */
export async function handleOpenApi(request: Request, caller: Caller, ctx: BackendContext): Promise<Response> {
  const accepts = (request.headers.get('accept') ?? '').split(',').map((item) => item.split(';')[0].trim().toLowerCase()).filter(Boolean);
  if (accepts.length && !accepts.some((type) => ['application/openapi+json', 'application/json', 'application/*', '*/*'].includes(type))) {
    throw new RestError(406, 'PGRST107', `None of these media types are available: ${accepts.join(', ')}`);
  }
  const schema = ctx.catalog.schema;
  const url = new URL(request.url);
  const info = await runAsCaller(ctx.db, caller, { method: request.method, path: url.pathname }, async (tx) => {
    // One after another: a transaction runs one statement at a time.
    const [tables, columns, keys, fks, fns, description] = [
      await tx.query<OpenApiSchema['tables'][number]>(
        `select c.relname as name, obj_description(c.oid, 'pg_class') as description,
                (pg_relation_is_updatable(c.oid, true) & 28) <> 0 as writable
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
            and (has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE')
                 or has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE'))
          order by c.relname`,
        [schema],
      ),
      await tx.query<OpenApiSchema['columns'][number]>(
        `select c.relname as table, a.attname as name, format_type(a.atttypid, null) as type, not a.attnotnull as nullable,
                pg_get_expr(d.adbin, d.adrelid) as "default", col_description(c.oid, a.attnum) as description,
                case when a.atttypid in ('varchar'::regtype, 'bpchar'::regtype) and a.atttypmod > 4 then a.atttypmod - 4 end as "maxLength",
                (select array_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = a.atttypid) as enum
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
           left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
          where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
          order by c.relname, a.attnum`,
        [schema],
      ),
      await tx.query<{ table: string; column: string }>(
        `select c.relname as table, a.attname as column from pg_index i
           join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
           join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
          where n.nspname = $1 and i.indisprimary`,
        [schema],
      ),
      await tx.query<OpenApiSchema['foreignKeys'][number]>(
        `select c.relname as table, a.attname as column, fc.relname as "foreignTable", fa.attname as "foreignColumn"
           from pg_constraint k
           join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
           join pg_class fc on fc.oid = k.confrelid
           join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
           join pg_attribute fa on fa.attrelid = fc.oid and fa.attnum = k.confkey[1]
          where n.nspname = $1 and k.contype = 'f' and cardinality(k.conkey) = 1`,
        [schema],
      ),
      await tx.query<OpenApiSchema['functions'][number]>(
        `select p.proname as name, obj_description(p.oid, 'pg_proc') as description,
                coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[i], ''), 'type', format_type(p.proargtypes[i - 1], null),
                                 'required', i <= p.pronargs - p.pronargdefaults, 'variadic', p.provariadic <> 0 and i = p.pronargs) order by i)
                            from generate_series(1, p.pronargs) i), '[]') as params
           from pg_proc p join pg_namespace n on n.oid = p.pronamespace
          where n.nspname = $1 and p.prokind = 'f' and has_function_privilege(p.oid, 'EXECUTE')
          order by p.proname`,
        [schema],
      ),
      await tx.query<{ description: string | null }>(`select obj_description(oid, 'pg_namespace') as description from pg_namespace where nspname = $1`, [schema]),
    ];
    return {
      tables: tables.rows,
      columns: columns.rows,
      primaryKeys: keys.rows,
      foreignKeys: fks.rows,
      functions: fns.rows,
      description: description.rows[0]?.description ?? null,
    } satisfies OpenApiSchema;
  });
  const document = openApiDocument(info, { host: url.host, basePath: '/rest/v1/', scheme: url.protocol === 'https:' ? 'https' : 'http' });
  const headers = { 'Content-Type': 'application/openapi+json; charset=utf-8' };
  return new Response(request.method === 'HEAD' ? null : JSON.stringify(document), { status: 200, headers });
}
