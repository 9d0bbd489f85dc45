import type { BackendContext } from '../BackendContext.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { resolveCaller } from '../resolveCaller.ts';
import { runAsCaller } from '../runAsCaller.ts';
import { buildRestSql } from './buildRestSql.ts';
import { parseRestRequest } from './parseRestRequest.ts';
import { pgErrorToRest } from './pgErrorToRest.ts';
import { RestError } from './RestError.ts';

const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';

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
    const body = await readJsonBody(request, parsed.kind === 'rpc');
    const sql = buildRestSql(parsed, ctx.catalog, body, ctx.config.maxRows);
    const result = await runAsCaller(ctx.db, caller, { method: request.method, path: url.pathname }, async (tx) => {
      const res = await tx.query<{ body: string | null; total: number | null; page?: number }>(sql.text, sql.params);
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
      const first = parsed.offset ?? 0;
      const total = parsed.count ? String(result.total ?? 0) : '*';
      headers['Content-Range'] = result.affected > 0 ? `${first}-${first + result.affected - 1}/${total}` : `*/${total}`;
      return parsed.method === 'HEAD' ? new Response(null, { status: 200, headers }) : textResponse(200, text ?? '[]', headers);
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

async function readJsonBody(request: Request, isRpc: boolean): Promise<unknown> {
  if (request.method !== 'POST' && request.method !== 'PATCH') return undefined;
  const text = await request.text();
  if (text.trim() === '') {
    if (isRpc) return {};
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json');
  }
}

function textResponse(status: number, text: string, headers: Record<string, string>): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
}
