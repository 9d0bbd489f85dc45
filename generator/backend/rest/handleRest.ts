import type { BackendContext } from '../BackendContext.ts';
import type { Queryable } from '../Database.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { readJsonBody } from '../readJsonBody.ts';
import { resolveCaller } from '../resolveCaller.ts';
import { runAsCaller } from '../runAsCaller.ts';
import { buildInsertSql, locationOf } from './buildInsertSql.ts';
import { buildRestSql } from './buildRestSql.ts';
import { buildRpcSql } from './buildRpcSql.ts';
import { explainSql, planContentType } from './explainSql.ts';
import type { RestRoutine } from './loadCatalog.ts';
import { handleOpenApi } from './handleOpenApi.ts';
import { loadCatalog, type RestCatalog } from './loadCatalog.ts';
import { parseCsvBody } from './parseCsvBody.ts';
import { parsePrefer, preferenceApplied } from './parsePrefer.ts';
import { mediaType, parseRestRequest, type RestRequest } from './parseRestRequest.ts';
import { pgErrorToRest } from './pgErrorToRest.ts';
import { RestError } from './RestError.ts';

/** The outcome of a statement whose transaction is rolled back (Prefer: tx=rollback, or pgrst.db_tx_end = rollback). */
class RolledBack {
  constructor(readonly result: { body: string | null; total: number | null; affected: number; insertedRows: number; location: string | null }) {}
}

const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

/**
 * Every value goes to Postgres as the text the request held, as PostgREST
 * sends it, so Postgres decides what a boolean (or bytea) is: `eq.maybe` on a
 * boolean column is 400 22P02, not a JS error from PGlite's own serializer.
 */
const asText = (value: unknown) => (typeof value === 'boolean' ? (value ? 't' : 'f') : String(value));
const AS_TEXT = { 16: asText, 17: asText };

/** /rest/v1/<table> and /rest/v1/rpc/<fn>: the PostgREST subset the site uses. */
export async function handleRest(request: Request, subPath: string, ctx: BackendContext): Promise<Response> {
  const caller = await resolveCaller(request, ctx);
  if (caller instanceof Response) return caller;
  const url = new URL(request.url);
  // The key the gateway already checked (resolveCaller) is no filter.
  url.searchParams.delete('apikey');
  try {
    const catalog = await profileCatalog(request, ctx);
    if (subPath.replace(/\/+$/, '') === '' && (request.method === 'GET' || request.method === 'HEAD')) return await handleOpenApi(request, caller, ctx);
    const txEnd = catalog.settings?.txEnd ?? 'commit';
    const prefs = parsePrefer(request.headers.get('prefer'), txEnd.endsWith('-allow-override'));
    // pgrst.db_tx_end: commit unless the setting says rollback; with -allow-override, Prefer: tx= decides.
    const rollback = prefs.tx ? prefs.tx === 'rollback' : txEnd.startsWith('rollback');
    const parsed = parseRestRequest(subPath, url.searchParams, request.method, request.headers, catalog.settings?.planEnabled);
    const body = await restBody(request, parsed);
    const isInsert = parsed.kind === 'table' && (parsed.method === 'POST' || parsed.method === 'PUT');
    const insert = isInsert ? buildInsertSql(parsed, catalog, body, prefs, url.searchParams.get('on_conflict')) : null;
    let routine: RestRoutine | null = null;
    let sql: { text: string; params: unknown[]; countText?: string };
    if (parsed.kind === 'rpc') {
      const params: unknown[] = [];
      const rpc = buildRpcSql(
        parsed,
        catalog,
        { body, postMedia: parsed.method === 'POST' ? mediaType(request.headers.get('content-type')) : null, singleObject: prefersSingleObject(request.headers.get('prefer')) },
        ctx.config.maxRows,
        (value) => `$${params.push(value)}`,
      );
      routine = rpc.routine;
      sql = { text: rpc.text, params };
    } else {
      sql = insert ?? buildRestSql(parsed, catalog, body, ctx.config.maxRows);
    }
    const result = await runAsCaller(ctx.db, caller, { method: request.method, path: url.pathname }, async (tx) => {
      const done = await runStatement(tx);
      // Thrown so that the transaction rolls back; caught below with the response it carries.
      if (rollback) throw new RolledBack(done);
      return done;
    }).catch((error: unknown) => {
      if (error instanceof RolledBack) return error.result;
      throw error;
    });
    async function runStatement(tx: Queryable) {
      if (parsed.plan) return { body: await explain(tx, parsed.plan), total: null, affected: 0, insertedRows: 0, location: null };
      const res = await tx.query<{ body: string | null; total: number | null; page?: number; location?: string | null }>(sql.text, sql.params, { serializers: AS_TEXT });
      const row = res.rows[0];
      const affected = row ? (row.page ?? row.total ?? 0) : (res.affectedRows ?? 0);
      if (parsed.singular && affected !== 1) {
        // PostgREST refuses (and rolls back) when .single() does not match exactly one row.
        const message = catalog.settings?.wording12 ? 'JSON object requested, multiple (or no) rows returned' : 'Cannot coerce the result to a single JSON object';
        throw new RestError(406, 'PGRST116', message, `The result contains ${affected} rows`);
      }
      if (parsed.method === 'PUT' && affected !== 1) throw new RestError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');
      if ((parsed.method === 'PATCH' || parsed.method === 'DELETE' || parsed.kind === 'rpc') && prefs.handling === 'strict' && prefs.maxAffected !== null && affected > prefs.maxAffected) {
        throw new RestError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`);
      }
      let total = row?.total ?? null;
      if ((prefs.count === 'planned' || prefs.count === 'estimated') && 'countText' in sql && sql.countText) {
        total = await countEstimate(tx, sql.countText, sql.params, prefs.count, total ?? 0, ctx.config.maxRows);
      }
      let insertedRows = affected;
      if (insert?.countsInserted) {
        const counted = await tx.query<{ updated: number | null }>(`select nullif(current_setting('pgrst.updated', true), '')::int as updated`);
        insertedRows = affected - (counted.rows[0]?.updated ?? 0);
      }
      return { body: row?.body ?? null, total, affected, insertedRows, location: row?.location ?? null };
    }
    async function explain(tx: Queryable, plan: NonNullable<RestRequest['plan']>): Promise<string> {
      const res = await tx.query<{ 'QUERY PLAN': unknown }>(explainSql(plan, sql.text), sql.params, { serializers: AS_TEXT });
      const lines = res.rows.map((r) => (typeof r['QUERY PLAN'] === 'string' ? r['QUERY PLAN'] : JSON.stringify(r['QUERY PLAN'])));
      // Text comes as one row a line, JSON as one row.
      return plan.format === 'text' ? lines.map((l) => `${l}\n`).join('') : lines.join('');
    }

    if (parsed.plan) return new Response(result.body, { status: 200, headers: { 'Content-Type': planContentType(parsed.plan) } });

    const headers: Record<string, string> = {};
    let text = result.body;
    const singleRow = routine !== null && routine.returnsComposite && !routine.returnsSet;
    // A table's rows, a set's rows and a row come back as a JSON array; .single() and a function returning one row answer its first element.
    const arrayBody = routine === null || routine.returnsComposite || routine.returnsSet;
    if ((parsed.singular || singleRow) && arrayBody && text !== null) {
      text = JSON.stringify((JSON.parse(text) as unknown[])[0] ?? null);
    }
    if (parsed.singular && text !== null) headers['Content-Type'] = parsed.stripNulls ? 'application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8' : OBJECT_TYPE;
    else if (parsed.stripNulls && parsed.kind === 'table') headers['Content-Type'] = 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8';
    if (routine) return rpcResponse(parsed, routine, result, text, headers);
    if (parsed.method === 'GET' || parsed.method === 'HEAD') {
      const range = readRange(parsed.offset ?? 0, result.affected, parsed.count ? (result.total ?? 0) : null);
      headers['Content-Range'] = range.contentRange;
      if (parsed.media === 'csv') headers['Content-Type'] = 'text/csv; charset=utf-8';
      return parsed.method === 'HEAD' ? new Response(null, { status: range.status, headers }) : textResponse(range.status, text ?? '[]', headers);
    }
    return writeResponse(parsed, prefs, insert?.conflictColumns.length ? true : false, result, text, headers);
  } catch (error) {
    const rest = pgErrorToRest(error, caller.role);
    if (rest.status >= 500) ctx.log(`rest: ${request.method} ${url.pathname}: ${rest.message}`);
    const extra: Record<string, string> = rest.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return request.method === 'HEAD' ? new Response(null, { status: rest.status, headers: extra }) : jsonResponse(rest.status, rest.body, extra);
  }
}

/**
 * PostgREST's count=planned (the planner's row estimate, EXPLAIN's Plan
 * Rows) and count=estimated (the exact count while it is at most max_rows,
 * else the larger of it and the estimate).
 */
async function countEstimate(tx: Queryable, countText: string, params: unknown[], mode: 'planned' | 'estimated', exact: number, maxRows: number | null): Promise<number> {
  if (mode === 'estimated' && maxRows !== null && exact <= maxRows) return exact;
  const plan = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${countText}`, params, { serializers: AS_TEXT });
  const raw = plan.rows[0]?.['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  const planned = Math.round(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
  return mode === 'planned' ? planned : Math.max(exact, planned);
}

/**
 * The catalog of the schema a request names, as PostgREST picks it:
 * Accept-Profile for GET and HEAD, Content-Profile for the other methods,
 * the first of [api] schemas when there is none; a schema not listed is 406
 * PGRST106 naming those that are.
 */
async function profileCatalog(request: Request, ctx: BackendContext): Promise<RestCatalog> {
  const profile = request.headers.get(request.method === 'GET' || request.method === 'HEAD' ? 'accept-profile' : 'content-profile');
  if (profile === null || profile === ctx.catalog.schema) return ctx.catalog;
  const schemas = ctx.config.apiSchemas.length ? ctx.config.apiSchemas : [ctx.catalog.schema];
  if (!schemas.includes(profile)) throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`);
  ctx.otherCatalogs ??= new Map();
  let catalog = ctx.otherCatalogs.get(profile);
  if (!catalog) {
    catalog = await loadCatalog(ctx.db, profile, ctx.config);
    ctx.otherCatalogs.set(profile, catalog);
  }
  return catalog;
}

/**
 * Status and headers of a write as PostgREST 12 answers (Response.hs): an
 * insert is 201 (200 when resolution=merge-duplicates inserted nothing),
 * with Location for return=headers-only; PUT is 201 or 200 with
 * return=representation, else 204; update and delete 200 with a body, else
 * 204. Content-Range `*\/N` (N with count=) on all but PUT; the
 * preferences acted on in Preference-Applied.
 */
function writeResponse(
  parsed: RestRequest,
  prefs: ReturnType<typeof parsePrefer>,
  resolutionApplies: boolean,
  result: { affected: number; insertedRows: number; location: string | null },
  text: string | null,
  headers: Record<string, string>,
): Response {
  const action = ({ POST: 'insert', PUT: 'put', PATCH: 'update', DELETE: 'delete' } as const)[parsed.method as 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
  const location = action === 'insert' && prefs.return === 'headers-only' ? locationOf(parsed.name, result.location) : null;
  if (location) headers['Location'] = location;
  if (action !== 'put') headers['Content-Range'] = `*/${prefs.count ? result.affected : '*'}`;
  const applied = preferenceApplied(prefs, action, resolutionApplies);
  if (applied) headers['Preference-Applied'] = applied;
  let status: number;
  if (action === 'insert') status = prefs.resolution === 'merge-duplicates' && resolutionApplies && result.insertedRows <= 0 ? 200 : 201;
  else if (action === 'put') status = parsed.returnRepresentation ? (result.insertedRows > 0 ? 201 : 200) : 204;
  else status = parsed.returnRepresentation ? 200 : 204;
  return parsed.returnRepresentation ? textResponse(status, text ?? '[]', headers) : new Response(null, { status, headers });
}

/**
 * The answer to a call as PostgREST gives it: 204 without a body for a
 * function returning void, else the result read like a table's (status and
 * Content-Range by the page and the count), no body for HEAD.
 */
function rpcResponse(
  parsed: RestRequest,
  routine: RestRoutine,
  result: { affected: number; total: number | null },
  text: string | null,
  headers: Record<string, string>,
): Response {
  const range = readRange(parsed.offset ?? 0, result.affected, parsed.count ? (result.total ?? 0) : null);
  headers['Content-Range'] = range.contentRange;
  if (routine.returnsVoid) {
    delete headers['Content-Type'];
    return new Response(null, { status: 204, headers });
  }
  return parsed.method === 'HEAD' ? new Response(null, { status: range.status, headers }) : textResponse(range.status, text ?? 'null', headers);
}

/** Prefer: params=single-object: the body is the function's one json argument. */
function prefersSingleObject(prefer: string | null): boolean {
  return (prefer ?? '').split(',').some((p) => p.trim() === 'params=single-object');
}

/**
 * The JSON body of a POST or PATCH, as PostgREST reads it: Content-Type
 * application/json (the default when there is none); a body that is not
 * UTF-8, not JSON or nested too deep is PGRST102. A form body is one row (or
 * the function's arguments), a text/csv body to a table its rows, all values
 * text. Other types are refused as PostgREST refuses them (400 PGRST102
 * "Content-Type not acceptable"); a text or XML body to a function is its
 * text, an octet-stream body its bytes (for a function with one unnamed
 * text, xml or bytea parameter).
 */
async function restBody(request: Request, parsed: RestRequest): Promise<unknown> {
  if (parsed.method !== 'POST' && parsed.method !== 'PATCH' && parsed.method !== 'PUT') return undefined;
  const mime = mediaType(request.headers.get('content-type'));
  if (mime === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(await request.text()));
  if (mime === 'text/csv' && parsed.kind === 'table') return parseCsvBody(await request.text());
  if (mime !== 'application/json') {
    if (parsed.kind === 'rpc' && (mime === 'text/plain' || mime === 'text/xml')) return await request.text();
    if (parsed.kind === 'rpc' && mime === 'application/octet-stream') return new Uint8Array(await request.arrayBuffer());
    throw new RestError(400, 'PGRST102', `Content-Type not acceptable: ${mime}`);
  }
  const read = await readJsonBody(request);
  if (!read.ok) throw new RestError(400, 'PGRST102', 'Empty or invalid json', read.problem === 'syntax' ? null : `Refused because ${read.reason}.`);
  if (read.empty) {
    if (parsed.kind === 'rpc') return {};
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
  const body = read.value;
  if (parsed.kind === 'rpc' && Array.isArray(body) && body.some((item) => typeof item !== 'object' || item === null || Array.isArray(item))) {
    throw new RestError(400, 'PGRST102', 'All object keys must match');
  }
  return body;
}

/**
 * PostgREST's Content-Range (`0-9/*`, `0-9/42`, `*\/0`) and status: 206 when
 * an exact count shows more rows than the page, 416 PGRST103 when the
 * offset is past the total.
 */
function readRange(first: number, rows: number, total: number | null): { status: number; contentRange: string } {
  if (total !== null && first > total) {
    throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${first} was requested, but there are only ${total} rows.`);
  }
  const span = total !== 0 && rows > 0 ? `${first}-${first + rows - 1}` : '*';
  return { status: total !== null && rows < total ? 206 : 200, contentRange: `${span}/${total ?? '*'}` };
}

function textResponse(status: number, text: string, headers: Record<string, string>): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}
