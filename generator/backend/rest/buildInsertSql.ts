import { RestError } from './RestError.ts';
import { tableNotFound } from './tableNotFound.ts';
import { ident } from './buildRestSql.ts';
import type { RestCatalog } from './loadCatalog.ts';
import type { Preferences } from './parsePrefer.ts';
import type { RestRequest } from './parseRestRequest.ts';

/**
 * An INSERT (POST) or single-row upsert (PUT). With `returnsRows` the one
 * result row holds `body` (json text or null), `total` (rows written) and
 * `location` (the primary key of the one row, for return=headers-only);
 * without, the statement returns nothing (no SELECT privilege needed).
 * With `countsInserted`, `select current_setting('pgrst.updated', true)`
 * after it tells how many of the rows written were updated, not new.
 */
export interface InsertSql {
  text: string;
  params: unknown[];
  returnsRows: boolean;
  countsInserted: boolean;
  /** The conflict target the statement uses (empty: a plain insert). */
  conflictColumns: string[];
}

/**
 * Counts the rows an upsert updated (PostgREST keeps a like counter,
 * pgrst.inserted): rows written minus rows updated = rows inserted.
 */
const countUpdate = `set_config('pgrst.updated', (coalesce(nullif(current_setting('pgrst.updated', true), '')::int, 0) + 1)::text, true) is not null`;

/**
 * Pure: an insert or upsert as PostgREST 12 builds it (mutatePlanToQuery):
 * `insert into t (cols) select ... from the JSON body` plus, with
 * Prefer: resolution=..., `on conflict (on_conflict or the primary key)
 * do update set col = excluded.col` or `do nothing`. PUT is the upsert of
 * the one row its `pk=eq.value` filters name. Prefer: missing=default gives
 * absent keys their column default (its SQL from the catalog; identity: nextval).
 */
export function buildInsertSql(request: RestRequest, catalog: RestCatalog, body: unknown, prefs: Preferences, onConflict: string | null): InsertSql {
  const table = catalog.tables.get(request.name);
  if (!table) throw tableNotFound(catalog, request.name);
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const primaryKey = table.primaryKey ?? [];
  const target = `${ident(catalog.schema)}.${ident(request.name)}`;
  const isPut = request.method === 'PUT';
  const rows = Array.isArray(body) ? body : [body];
  if (rows.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) {
    throw new RestError(400, 'PGRST102', 'All object keys must match');
  }
  const keys = request.columns ?? [...new Set(rows.flatMap((r) => Object.keys(r as object)))];
  const known = (name: string) => {
    if (!table.columns.includes(name)) {
      throw new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${request.name}' in the schema cache`);
    }
    return name;
  };
  keys.forEach(known);

  const putFilters = isPut ? checkPutFilters(request, primaryKey) : [];
  const resolution = isPut ? 'merge-duplicates' : prefs.resolution;
  const conflictColumns = resolution ? (isPut || onConflict === null ? primaryKey : onConflict.split(',').map((c) => known(c.trim()))) : [];
  const merge = resolution === 'merge-duplicates';
  const headersOnly = prefs.return === 'headers-only' && !isPut;
  const returnsRows = request.returnRepresentation || headersOnly;
  const countsInserted = merge;
  if (rows.length === 0) return { text: `select '[]'::text as body, 0 as total, null::text as location`, params, returnsRows: true, countsInserted: false, conflictColumns };

  const cols = keys.map(ident).join(', ');
  const conditions = [...putFilters.map((f) => `_pgrst_body.${ident(f.column)} = ${param(f.value)}`)];
  const where = conditions.length ? ` where ${conditions.join(' and ')}` : '';
  const bodyJson = JSON.stringify(rows);
  let source: string;
  if (keys.length === 0) {
    source = `select from json_array_elements(${param(bodyJson)}::json) _pgrst_body${where}`;
  } else if (prefs.missing === 'default' && !isPut) {
    // As PostgREST: each row is merged over an object of the columns' defaults, evaluated for every row
    // (so a sequence advances once per row, given or not), then read as a record of the table.
    const defaults = table.defaults ?? {};
    const withDefault = keys.filter((k) => defaults[k] !== undefined);
    const merged = withDefault.length
      ? `jsonb_build_object(${withDefault.map((k) => `'${k.replace(/'/g, "''")}', ${defaults[k]}`).join(', ')}) || _pgrst_row.elem`
      : '_pgrst_row.elem';
    source =
      `select ${keys.map((k) => `_pgrst_body.${ident(k)}`).join(', ')} from jsonb_array_elements(${param(bodyJson)}::jsonb) with ordinality _pgrst_row (elem, n), ` +
      `jsonb_populate_record(null::${target}, ${merged}) _pgrst_body order by _pgrst_row.n`;
  } else {
    source = `select ${keys.map((k) => `_pgrst_body.${ident(k)}`).join(', ')} from json_populate_recordset(null::${target}, ${param(bodyJson)}::json) _pgrst_body${where}`;
  }
  let conflict = '';
  if (conflictColumns.length) {
    const update = keys.length ? `do update set ${keys.map((k) => `${ident(k)} = excluded.${ident(k)}`).join(', ')} where ${countUpdate}` : 'do nothing';
    conflict = ` on conflict (${conflictColumns.map(ident).join(', ')}) ${merge ? update : 'do nothing'}`;
  }
  const insert = `insert into ${target}${keys.length ? ` (${cols})` : ''} ${source}${conflict}`;
  if (!returnsRows) return { text: insert, params, returnsRows, countsInserted, conflictColumns };

  const selected = request.select.includes('*') ? table.columns : request.select.map(known);
  const rowJson = request.returnRepresentation
    ? request.select.includes('*')
      ? `row_to_json(${target}.*)`
      : `json_build_object(${selected.map((c) => `'${c.replace(/'/g, "''")}', ${target}.${ident(c)}`).join(', ')})`
    : 'null::json';
  const pk = table.columns.filter((c) => primaryKey.includes(c));
  const pkJson = headersOnly && pk.length ? `json_build_object(${pk.map((c) => `'${c.replace(/'/g, "''")}', ${target}.${ident(c)}`).join(', ')})` : 'null::json';
  const text =
    `with _pgrst as (${insert} returning ${rowJson} as _row, ${pkJson} as _pk) ` +
    `select ${request.returnRepresentation ? `coalesce(json_agg(_row), '[]')::text` : 'null::text'} as body, count(*)::int as total, ` +
    `case when count(*) = 1 then (array_agg(_pk))[1]::text end as location from _pgrst`;
  return { text, params, returnsRows, countsInserted, conflictColumns };
}

/** PUT names one row: `eq` filters on exactly the primary key columns (else 405 PGRST105), and no limit or offset (400 PGRST114). */
function checkPutFilters(request: RestRequest, primaryKey: string[]): { column: string; value: string }[] {
  if (request.limit !== null || request.offset !== null) {
    throw new RestError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
  }
  const columns = new Set(request.filters.map((f) => f.column));
  const exact = primaryKey.length > 0 && columns.size === primaryKey.length && primaryKey.every((c) => columns.has(c));
  if (!exact || request.filters.some((f) => f.op !== 'eq' || f.negate)) {
    throw new RestError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");
  }
  return request.filters.map((f) => ({ column: f.column, value: f.values[0] }));
}

/**
 * Pure: the Location of a row PostgREST sends for return=headers-only,
 * `/table?pk=eq.value` (http-types' urlEncode: space as +).
 */
export function locationOf(table: string, pkJson: string | null): string | null {
  if (!pkJson) return null;
  const pk = JSON.parse(pkJson) as Record<string, unknown>;
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const pairs = Object.entries(pk).map(([k, v]) => `${enc(k)}=${enc(v === null ? 'is.null' : `eq.${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)}`);
  return `/${table}?${pairs.join('&')}`;
}
