import { RestError } from './RestError.ts';

/** One `column=op.value` query parameter, as PostgREST reads it. */
export interface RestFilter {
  column: string;
  op: 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'is' | 'in';
  negate: boolean;
  /** One value, or several for `in`. Never spliced into SQL. */
  values: string[];
}

export interface RestOrder {
  column: string;
  descending: boolean;
  nulls: 'first' | 'last' | null;
}

/** What a /rest/v1 request asks for, parsed and checked for shape (not yet against the catalog). */
export interface RestRequest {
  kind: 'table' | 'rpc';
  name: string;
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Column names, or ['*']. */
  select: string[];
  filters: RestFilter[];
  order: RestOrder[];
  limit: number | null;
  offset: number | null;
  /** ?columns= of an insert (supabase-js sends it for arrays). */
  columns: string[] | null;
  returnRepresentation: boolean;
  count: boolean;
  /** Accept: application/vnd.pgrst.object+json (.single()). */
  singular: boolean;
  /** GET /rpc/fn?arg=value arguments. */
  queryArgs: Record<string, string>;
}

const OPS = new Set(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in']);
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict']);

/** Pure: path below /rest/v1, query string, method and headers -> RestRequest (or a PGRST1xx RestError). */
export function parseRestRequest(subPath: string, search: URLSearchParams, method: string, headers: Headers): RestRequest {
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
  const request: RestRequest = {
    kind: isRpc ? 'rpc' : 'table',
    name,
    method: upper as RestRequest['method'],
    select: parseSelect(search.get('select')),
    filters: [],
    order: parseOrder(search.get('order')),
    limit: parseCount(search.get('limit'), 'limit'),
    offset: parseCount(search.get('offset'), 'offset'),
    columns: search.has('columns') ? parseColumns(search.get('columns') ?? '') : null,
    returnRepresentation: prefer.includes('return=representation'),
    count: prefer.includes('count=exact') || prefer.includes('count=planned') || prefer.includes('count=estimated'),
    singular: accept.includes('application/vnd.pgrst.object+json'),
    queryArgs: {},
  };
  for (const [key, raw] of search) {
    if (RESERVED.has(key)) continue;
    if (isRpc && upper !== 'POST' && !/^(not\.)?[a-z]+\./.test(raw)) {
      request.queryArgs[key] = raw;
      continue;
    }
    request.filters.push(parseFilter(key, raw));
  }
  return request;
}

function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL');
  }
}

function parseSelect(raw: string | null): string[] {
  if (raw === null || raw.trim() === '' || raw.trim() === '*') return ['*'];
  return raw.split(',').map((item) => {
    const column = item.trim().replace(/^"(.*)"$/, '$1');
    if (column === '*') return column;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(column)) {
      throw new RestError(400, 'PGRST100', `"failed to parse select parameter (${raw})"`, `unexpected "${item.trim()}"`);
    }
    return column;
  });
}

function parseColumns(raw: string): string[] {
  return raw.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1')).filter(Boolean);
}

function parseOrder(raw: string | null): RestOrder[] {
  if (!raw) return [];
  return raw.split(',').map((term) => {
    const [column, ...mods] = term.trim().split('.');
    const order: RestOrder = { column: column.replace(/^"(.*)"$/, '$1'), descending: false, nulls: null };
    for (const mod of mods) {
      if (mod === 'asc' || mod === 'desc') order.descending = mod === 'desc';
      else if (mod === 'nullsfirst' || mod === 'nullslast') order.nulls = mod === 'nullsfirst' ? 'first' : 'last';
      else throw new RestError(400, 'PGRST100', `"failed to parse order (${raw})"`, `unexpected "${mod}"`);
    }
    return order;
  });
}

function parseCount(raw: string | null, what: string): number | null {
  if (raw === null) return null;
  if (!/^\d+$/.test(raw)) throw new RestError(400, 'PGRST100', `"failed to parse ${what} (${raw})"`);
  return Number(raw);
}

function parseFilter(column: string, raw: string): RestFilter {
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const op = dot < 0 ? '' : rest.slice(0, dot);
  if (!OPS.has(op)) {
    throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`, `unexpected "${op || raw}" expecting an operator`);
  }
  const value = rest.slice(dot + 1);
  const values = op === 'in' ? parseList(value, raw) : [value];
  if (op === 'is' && !['null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`, 'is expects null, true, false or unknown');
  }
  return { column, op: op as RestFilter['op'], negate, values };
}

function parseList(value: string, raw: string): string[] {
  if (!value.startsWith('(') || !value.endsWith(')')) {
    throw new RestError(400, 'PGRST100', `"failed to parse filter (${raw})"`, 'in expects a list like (a,b)');
  }
  const items: string[] = [];
  const body = value.slice(1, -1);
  const re = /\s*(?:"((?:[^"\\]|\\.)*)"|([^,]*))\s*(?:,|$)/g;
  let match: RegExpExecArray | null;
  while (re.lastIndex < body.length && (match = re.exec(body))) {
    items.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2]);
    if (match[0] === '') break;
  }
  return items;
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
