import { buildSelectSql } from './buildSelectSql.ts';
import type { Param } from './conditionSql.ts';
import { findRoutine } from './findRoutine.ts';
import type { RestCatalog, RestRoutine, RestRoutineParam } from './loadCatalog.ts';
import type { RestRequest } from './parseRestRequest.ts';

/** The arguments of a call as the request carries them. */
export interface RpcArguments {
  /** A POST's body: parsed JSON, a form's fields, text (text/plain, text/xml) or bytes (octet-stream); unused for GET. */
  body: unknown;
  /** The body's media type of a POST; null for GET and HEAD (the query string holds the arguments). */
  postMedia: string | null;
  /** Prefer: params=single-object: the body is the one json/jsonb argument. */
  singleObject: boolean;
}

/**
 * Pure: a call of /rpc/<fn> as one statement, PostgREST's way: the overload
 * is chosen by the argument names (findRoutine); the arguments given go
 * through json_to_recordset, so a JSON object becomes a row-typed argument,
 * "1" an integer and `{a,b}` an array, and those left out take their
 * DEFAULT; a single unnamed (or single-object) parameter gets the whole body.
 * The result is then read like a table (the function's row type, its
 * RETURNS TABLE columns, or its scalar): select, embeds, filters, order,
 * limit/offset and count apply to it. Returns `body`, `page` and `total`
 * as buildSelectSql does, and the routine (its return shape decides the response).
 */
export function buildRpcSql(request: RestRequest, catalog: RestCatalog, args: RpcArguments, maxRows: number | null, param: Param): { text: string; routine: RestRoutine } {
  const isPost = args.postMedia !== null;
  const keys = isPost ? bodyKeys(request, args) : Object.keys(request.queryArgs);
  const fn = findRoutine(catalog, request.name, { keys, singleObject: args.singleObject, postMedia: args.postMedia });
  const scalar = !fn.returnsComposite;
  const target = `${ident(catalog.schema)}.${ident(fn.name)}`;
  const callIt = (argSql: string) => (scalar ? `(select ${target}(${argSql}) as pgrst_scalar) pgrst_call` : `${target}(${argSql}) pgrst_call`);
  const payload = isPost ? args.body : request.queryArgs;

  let from: string;
  const given = fn.params.filter((p) => keys.includes(p.name));
  if (fn.params.length === 1 && (args.singleObject || fn.params[0].name === '')) {
    from = callIt(`${param(rawArgument(payload, args.postMedia))}::${castType(fn.params[0])}`);
  } else if (!given.length) {
    from = callIt('');
  } else {
    const columns = given.map((p) => `${ident(p.name)} ${castType(p)}`).join(', ');
    const named = given.map((p) => `${p.variadic ? 'variadic ' : ''}${ident(p.name)} := pgrst_body.${ident(p.name)}`).join(', ');
    from =
      `(select ${param(JSON.stringify(payload ?? {}))}::json as json_data) pgrst_payload, ` +
      `lateral (select case when json_typeof(pgrst_payload.json_data) = 'array' then pgrst_payload.json_data ` +
      `else json_build_array(pgrst_payload.json_data) end as val) pgrst_uniform_json, ` +
      `lateral (select * from json_to_recordset(pgrst_uniform_json.val) as _(${columns}) limit 1) pgrst_body, ` +
      `lateral ${callIt(named)}`;
  }

  if (scalar) {
    const count = request.count ? '(select count(*) from pgrst_source)::int' : 'null::int';
    const limit = request.limit ?? maxRows;
    const page = `${limit !== null ? ` limit ${Math.min(limit, maxRows ?? limit)}` : ''}${request.offset ? ` offset ${request.offset}` : ''}`;
    const body = request.method === 'HEAD' ? 'null::text' : fn.returnsSet ? `coalesce(json_agg(_pgrst.pgrst_scalar), '[]')::text` : `coalesce((json_agg(_pgrst.pgrst_scalar) -> 0)::text, 'null')`;
    return {
      routine: fn,
      text:
        `with pgrst_source as (select pgrst_call.pgrst_scalar from ${from}) ` +
        `select ${body} as body, count(*)::int as page, ${count} as total from (select pgrst_scalar from pgrst_source${page}) _pgrst`,
    };
  }
  // The rows are read as the table whose row type the function returns, or as a relation of its RETURNS TABLE columns.
  const relation = fn.returnTable !== null && catalog.tables.has(fn.returnTable) ? fn.returnTable : fn.name;
  const readCatalog: RestCatalog =
    relation === fn.returnTable
      ? catalog
      : { ...catalog, tables: new Map(catalog.tables).set(relation, { columns: fn.returnColumns.map((c) => c.name), types: fn.returnColumns.map((c) => c.type) }) };
  const read = buildSelectSql({ ...request, name: relation }, readCatalog, maxRows, param, 'pgrst_source');
  return { routine: fn, text: `with pgrst_source as (select pgrst_call.* from ${from}) ${read.text}` };
}

/** The argument names a POST gives: ?columns=, else the keys of its JSON object (the first one of an array) or form. */
function bodyKeys(request: RestRequest, args: RpcArguments): string[] {
  if (request.columns) return request.columns;
  if (args.postMedia !== 'application/json' && args.postMedia !== 'application/x-www-form-urlencoded') return [];
  const first = Array.isArray(args.body) ? args.body[0] : args.body;
  return typeof first === 'object' && first !== null && !Array.isArray(first) ? Object.keys(first) : [];
}

/** The whole body as the one argument's text: JSON as JSON, text as is, bytes as bytea's hex form. */
function rawArgument(payload: unknown, postMedia: string | null): string {
  if (payload instanceof Uint8Array) return `\\x${[...payload].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  if (typeof payload === 'string' && (postMedia === 'text/plain' || postMedia === 'text/xml')) return payload;
  return JSON.stringify(payload ?? {});
}

/** The type an argument is read as: character and bit take any length, as PostgREST reads them. */
function castType(p: RestRoutineParam): string {
  return p.type.replace(/^(character|bit)(\[\])?$/, '$1 varying$2');
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
