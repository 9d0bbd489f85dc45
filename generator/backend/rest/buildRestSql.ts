import { RestError } from './RestError.ts';
import type { RestCatalog } from './loadCatalog.ts';
import { buildRpcSql } from './buildRpcSql.ts';
import { buildSelectSql } from './buildSelectSql.ts';
import { conditionSql } from './conditionSql.ts';
import { tableNotFound } from './tableNotFound.ts';
import type { RestRequest } from './parseRestRequest.ts';

/**
 * One statement to run. `body` (json text or null), `total` (rows matched,
 * for Content-Range) and `affected` come back as the single result row.
 */
export interface RestSql {
  text: string;
  params: unknown[];
  /** A read: its filtered rows, to EXPLAIN for count=planned and count=estimated (same params). */
  countText?: string;
}

/**
 * Pure: a parsed request + the catalog (+ the JSON body) -> SQL text and
 * parameters. Every identifier is checked against the catalog and quoted;
 * every value is a parameter.
 */
export function buildRestSql(request: RestRequest, catalog: RestCatalog, body: unknown, maxRows: number | null = null): RestSql {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (request.kind === 'rpc') {
    const args = { body, postMedia: request.method === 'POST' ? 'application/json' : null, singleObject: false };
    return { text: buildRpcSql(request, catalog, args, maxRows, param).text, params };
  }

  const table = catalog.tables.get(request.name);
  if (!table) {
    throw tableNotFound(catalog, request.name);
  }
  const target = `${ident(catalog.schema)}.${ident(request.name)}`;
  const column = (name: string) => {
    if (!table.columns.includes(name)) {
      throw new RestError(400, '42703', `column ${request.name}.${name} does not exist`);
    }
    // Qualified: an UPDATE ... FROM json_populate_record(...) has the same column names twice.
    return `${target}.${ident(name)}`;
  };
  // Built only for a write (a read's select may name computed fields, which buildSelectSql resolves).
  const returning = () => (request.select.includes('*') ? `${target}.*` : request.select.map(column).join(', '));
  // Built only where a statement has a WHERE (an insert has none): each filter value becomes a parameter.
  const columnRef = (name: string) => {
    const i = table.columns.indexOf(name);
    return { sql: column(name), type: table.types?.[i] };
  };
  const whereSql = () => {
    const root = [...request.filters, ...request.logic].filter((f) => !f.embed);
    return root.length ? ` where ${root.map((f) => conditionSql(f, columnRef, param)).join(' and ')}` : '';
  };
  const wrap = (statement: string, withBody: boolean) =>
    `with _pgrst as (${statement}${withBody ? ` returning ${returning()}` : ''}) ` +
    `select ${withBody ? `coalesce(json_agg(_pgrst), '[]')::text` : 'null::text'} as body, count(*)::int as total from _pgrst`;

  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return { ...buildSelectSql(request, catalog, maxRows, param), params };
    case 'PUT': // handleRest sends inserts and upserts to buildInsertSql
    case 'POST': {
      const rows = Array.isArray(body) ? body : [body];
      if (rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) {
        throw new RestError(400, 'PGRST102', 'All object keys must match');
      }
      const keys = request.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
      for (const key of keys) {
        if (!table.columns.includes(key)) {
          throw new RestError(400, 'PGRST204', `Could not find the '${key}' column of '${request.name}' in the schema cache`);
        }
      }
      if (rows.length === 0) return { text: `select '[]'::text as body, 0 as total`, params };
      const cols = keys.map(ident).join(', ');
      const insert = keys.length
        ? `insert into ${target} (${cols}) select ${cols} from json_populate_recordset(null::${target}, ${param(JSON.stringify(rows))}::json)`
        : `insert into ${target} default values`;
      return { text: request.returnRepresentation ? wrap(insert, true) : insert, params };
    }
    case 'PATCH': {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new RestError(400, 'PGRST102', 'Empty or invalid json');
      }
      const keys = Object.keys(body);
      if (keys.length === 0) return { text: `select '[]'::text as body, 0 as total`, params };
      for (const key of keys) {
        if (!table.columns.includes(key)) {
          throw new RestError(400, 'PGRST204', `Could not find the '${key}' column of '${request.name}' in the schema cache`);
        }
      }
      const where = whereSql();
      const source = param(JSON.stringify(body));
      const set = keys.map((k) => `${ident(k)} = _pgrst_body.${ident(k)}`).join(', ');
      const update = `update ${target} set ${set} from json_populate_record(null::${target}, ${source}::json) _pgrst_body${where}`;
      return { text: request.returnRepresentation ? wrap(update, true) : update, params };
    }
    case 'DELETE': {
      const del = `delete from ${target}${whereSql()}`;
      return { text: request.returnRepresentation ? wrap(del, true) : del, params };
    }
  }
}

/** Double-quotes an identifier (already checked against the catalog). */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
