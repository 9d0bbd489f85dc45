import type { BackendContext } from '../BackendContext.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { readJsonBody } from '../readJsonBody.ts';
import { resolveCaller } from '../resolveCaller.ts';
import { runAsCaller } from '../runAsCaller.ts';
import { buildRestSql } from './buildRestSql.ts';
import { mediaType, parseRestRequest, type RestRequest } from './parseRestRequest.ts';
import { pgErrorToRest } from './pgErrorToRest.ts';
import { RestError } from './RestError.ts';

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
  try {
    for (const header of ['accept-profile', 'content-profile']) {
      const profile = request.headers.get(header);
      if (profile && profile !== ctx.catalog.schema) {
        throw new RestError(406, 'PGRST106', `The schema must be one of the following: ${ctx.catalog.schema}`);
      }
    }
    const parsed = parseRestRequest(subPath, url.searchParams, request.method, request.headers);
    const body = await restBody(request, parsed, ctx.catalog.schema);
    const sql = buildRestSql(parsed, ctx.catalog, body, ctx.config.maxRows);
    const result = await runAsCaller(ctx.db, caller, { method: request.method, path: url.pathname }, async (tx) => {
      const res = await tx.query<{ body: string | null; total: number | null; page?: number }>(sql.text, sql.params, { serializers: AS_TEXT });
      const row = res.rows[0];
      const affected = row ? (row.page ?? row.total ?? 0) : (res.affectedRows ?? 0);
      if (parsed.singular && parsed.kind === 'table' && affected !== 1) {
        // PostgREST refuses (and rolls back) when .single() does not match exactly one row.
        throw new RestError(406, 'PGRST116', 'JSON object requested, multiple (or no) rows returned', `The result contains ${affected} rows`);
      }
      return { body: row?.body ?? null, total: row?.total ?? null, affected };
    });

    const headers: Record<string, string> = {};
    let text = result.body;
    if (parsed.singular && parsed.kind === 'table' && text !== null) {
      text = JSON.stringify((JSON.parse(text) as unknown[])[0]);
      headers['Content-Type'] = OBJECT_TYPE;
    }
    if (parsed.kind === 'rpc') return textResponse(200, text ?? 'null', headers);
    if (parsed.method === 'GET' || parsed.method === 'HEAD') {
      const range = readRange(parsed.offset ?? 0, result.affected, parsed.count ? (result.total ?? 0) : null);
      headers['Content-Range'] = range.contentRange;
      if (parsed.media === 'csv') headers['Content-Type'] = 'text/csv; charset=utf-8';
      return parsed.method === 'HEAD' ? new Response(null, { status: range.status, headers }) : textResponse(range.status, text ?? '[]', headers);
    }
    headers['Content-Range'] = `*/${parsed.count ? result.affected : '*'}`;
    const status = parsed.method === 'POST' ? 201 : parsed.returnRepresentation ? 200 : 204;
    return parsed.returnRepresentation ? textResponse(status, text ?? '[]', headers) : new Response(null, { status, headers });
  } catch (error) {
    const rest = pgErrorToRest(error, caller.role);
    if (rest.status >= 500) ctx.log(`rest: ${request.method} ${url.pathname}: ${rest.message}`);
    const extra: Record<string, string> = rest.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return request.method === 'HEAD' ? new Response(null, { status: rest.status, headers: extra }) : jsonResponse(rest.status, rest.body, extra);
  }
}

/**
 * The JSON body of a POST or PATCH, as PostgREST reads it: Content-Type
 * application/json (the default when there is none); a body that is not
 * UTF-8, not JSON or nested too deep is PGRST102. Other types are refused as
 * PostgREST refuses them (CSV and form bodies, which it also takes, are not
 * supported here); text, XML and octet-stream bodies to a function look for a
 * function with one unnamed parameter, which the site has none of.
 */
async function restBody(request: Request, parsed: RestRequest, schema: string): Promise<unknown> {
  if (parsed.method !== 'POST' && parsed.method !== 'PATCH') return undefined;
  const mime = mediaType(request.headers.get('content-type'));
  if (mime !== 'application/json') {
    if (parsed.kind === 'rpc' && ['text/plain', 'text/xml', 'application/octet-stream'].includes(mime)) {
      const kind = { 'text/plain': 'text', 'text/xml': 'xml', 'application/octet-stream': 'bytea' }[mime];
      throw new RestError(
        404,
        'PGRST202',
        `Could not find the function ${schema}.${parsed.name} in the schema cache`,
        `Searched for the function ${schema}.${parsed.name} with a single unnamed ${kind} parameter, but no matches were found in the schema cache.`,
      );
    }
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
