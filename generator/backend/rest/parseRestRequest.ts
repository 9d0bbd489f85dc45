import { pickAccept, type RestMediaType, type RestPlan } from './negotiateAccept.ts';
import { parseFilter } from './parseFilter.ts';
import { parseLogicTree } from './parseLogicTree.ts';
import { parseOrder } from './parseOrder.ts';
import { parseSelect } from './parseSelect.ts';
import { RestError } from './RestError.ts';
import type { RestEmbedModifiers, RestFilter, RestLogic, RestOrder, RestSelectItem } from './restTypes.ts';

export type { RestCondition, RestFilter, RestLogic, RestOrder, RestSelectItem } from './restTypes.ts';

/** What a /rest/v1 request asks for, parsed and checked for shape (not yet against the catalog). */
export interface RestRequest {
  kind: 'table' | 'rpc';
  name: string;
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The root's plain column names, or ['*'] (what a write returns). */
  select: string[];
  /** The whole select tree: aliases, casts, JSON paths, embedded resources. */
  selectItems: RestSelectItem[];
  /** Filters; those with `embed` apply to an embedded resource. */
  filters: RestFilter[];
  /** Logic trees (`or=(...)`, `not.and=(...)`, `cities.or=(...)`). */
  logic: RestLogic[];
  order: RestOrder[];
  /** `cities.order=`, `cities.limit=`, `cities.offset=`, keyed by the embed path joined with dots. */
  embedModifiers: Record<string, RestEmbedModifiers>;
  limit: number | null;
  offset: number | null;
  /** ?columns= of an insert (supabase-js sends it for arrays). */
  columns: string[] | null;
  returnRepresentation: boolean;
  count: boolean;
  /** Accept: application/vnd.pgrst.object+json (.single()). */
  singular: boolean;
  /** What the Accept header picked (a read of a table only; 406 PGRST107 for none). */
  media: RestMediaType;
  /** `;nulls=stripped` on vnd.pgrst.array+json or vnd.pgrst.object+json: keys whose value is null are left out. */
  stripNulls: boolean;
  /** Accept: application/vnd.pgrst.plan (explain()) of a read, when pgrst.db_plan_enabled is on: its EXPLAIN is the answer. */
  plan?: RestPlan;
  /** GET /rpc/fn?arg=value arguments. */
  queryArgs: Record<string, string>;
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

/**
 * Pure: path below /rest/v1, query string, method and headers -> RestRequest (or a PGRST1xx RestError);
 * `planEnabled` (pgrst.db_plan_enabled) makes `Accept: application/vnd.pgrst.plan` of a read acceptable.
 */
export function parseRestRequest(subPath: string, search: URLSearchParams, method: string, headers: Headers, planEnabled = false): RestRequest {
  const parts = subPath.split('/').filter(Boolean).map(decodePathPart);
  const isRpc = parts[0] === 'rpc';
  const name = isRpc ? parts[1] : parts[0];
  if (!name || parts.length !== (isRpc ? 2 : 1)) {
    throw new RestError(404, 'PGRST125', `Invalid path specified in request URL`);
  }
  const upper = method.toUpperCase();
  if (isRpc && !['GET', 'HEAD', 'POST'].includes(upper)) {
    throw new RestError(405, 'PGRST101', `Cannot use the ${upper} method on RPC`);
  }
  if (!['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${upper}`);
  }
  const prefer = (headers.get('prefer') ?? '').split(',').map((p) => p.trim());
  const accept = headers.get('accept') ?? '';
  const selectItems = parseSelect(search.get('select'));
  const isRead = !isRpc && (upper === 'GET' || upper === 'HEAD');
  const range = pageRange(search, upper === 'GET' ? headers.get('range') : null);
  const picked = isRead ? pickAccept(accept, planEnabled) : { media: 'json' as const, stripNulls: false };
  const request: RestRequest = {
    kind: isRpc ? 'rpc' : 'table',
    name,
    method: upper as RestRequest['method'],
    select: rootColumns(selectItems),
    selectItems,
    filters: [],
    logic: [],
    order: search.get('order') ? parseOrder(search.get('order') as string) : [],
    embedModifiers: {},
    limit: range.limit,
    offset: range.offset,
    columns: search.has('columns') ? parseColumns(search.get('columns') ?? '') : null,
    returnRepresentation: prefer.includes('return=representation'),
    count: prefer.includes('count=exact') || prefer.includes('count=planned') || prefer.includes('count=estimated'),
    singular: accept.includes('application/vnd.pgrst.object+json'),
    media: picked.media,
    stripNulls: picked.stripNulls,
    ...(picked.plan && { plan: picked.plan }),
    queryArgs: {},
  };
  if (request.media === 'object') request.singular = true;
  for (const [key, raw] of search) {
    if (RESERVED.has(key)) continue;
    const last = key.slice(key.lastIndexOf('.') + 1);
    if (EMBEDDABLE.has(last)) {
      if (last === 'and' || last === 'or') request.logic.push(parseLogicTree(key, raw));
      else if (key.includes('.')) embedModifier(request, key.slice(0, key.lastIndexOf('.')), last, raw);
      continue;
    }
    if (isRpc && upper !== 'POST' && !/^(not\.)?[a-z]+[.(]/.test(raw)) {
      request.queryArgs[key] = raw;
      continue;
    }
    request.filters.push(parseFilter(key, raw));
  }
  return request;
}

function embedModifier(request: RestRequest, path: string, what: string, raw: string): void {
  const mods = (request.embedModifiers[path] ??= { order: [], limit: null, offset: null });
  if (what === 'order') mods.order = parseOrder(raw);
  else if (what === 'limit') mods.limit = parseCount(raw, 'limit');
  else mods.offset = parseCount(raw, 'offset');
}

/** The root's plain columns (no alias, cast or path), or ['*']: what a write's RETURNING lists. */
function rootColumns(items: RestSelectItem[]): string[] {
  if (items.some((i) => i.kind === 'star')) return ['*'];
  const plain = items.flatMap((i) => (i.kind === 'field' && !i.aggregate ? [i.name] : []));
  return plain.length ? plain : ['*'];
}

/**
 * offset/limit intersected with a `Range: 0-9` header (GET only), as
 * PostgREST does; an empty intersection is 416 PGRST103 (limit=0 aside).
 */
function pageRange(search: URLSearchParams, header: string | null): { limit: number | null; offset: number | null } {
  const limit = parseCount(search.get('limit'), 'limit');
  const offsetParam = parseCount(search.get('offset'), 'offset');
  if (limit === 0) return { limit: 0, offset: offsetParam };
  let lower = offsetParam ?? 0;
  let upper = limit === null ? Infinity : lower + limit - 1;
  const m = header ? /^([0-9]+)-([0-9]*)$/.exec(header.trim()) : null;
  if (m) {
    const [hl, hu] = [Number(m[1]), m[2] === '' ? Infinity : Number(m[2])];
    if (hl > hu) {
      throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', 'The lower boundary must be lower than or equal to the upper boundary in the Range header.');
    }
    lower = Math.max(lower, hl);
    upper = Math.min(upper, hu);
    if (lower > upper) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable', 'Limit should be greater than or equal to zero.');
  }
  return { limit: upper === Infinity ? null : upper - lower + 1, offset: lower === 0 && offsetParam === null ? null : lower };
}

function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

function parseColumns(raw: string): string[] {
  return raw.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1')).filter(Boolean);
}

function parseCount(raw: string | null, what: string): number | null {
  if (raw === null) return null;
  if (!/^\d+$/.test(raw)) throw new RestError(400, 'PGRST100', `"failed to parse ${what} (${raw})"`);
  return Number(raw);
}

const KNOWN_MEDIA_TYPES = new Set([
  'application/json',
  'application/geo+json',
  'text/csv',
  'text/plain',
  'text/xml',
  'application/openapi+json',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.plan',
]);

/**
 * Pure: a Content-Type header as PostgREST names it: `application/json` when
 * there is none (and for vnd.pgrst.array+json), lower-case `type/subtype` for
 * a type it knows, the header as sent for any other.
 */
export function mediaType(header: string | null): string {
  if (header === null || header.trim() === '') return 'application/json';
  const match = /^\s*([A-Za-z0-9.*]+)\/([A-Za-z0-9.*+-]+)\s*(?:;|$)/.exec(header);
  const mime = match ? `${match[1]}/${match[2]}`.toLowerCase() : '';
  if (mime === 'application/vnd.pgrst.array+json' || mime === 'application/vnd.pgrst.array') return 'application/json';
  return KNOWN_MEDIA_TYPES.has(mime) ? mime : header;
}
