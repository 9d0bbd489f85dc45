import type { BackendContext } from '../BackendContext.ts';
import type { Queryable } from '../Database.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { asCaller, storageCaller } from './storageCaller.ts';
import { storageErrors } from './StorageError.ts';
import { Fields, readStorageJson } from './storageInput.ts';
import { mustBeValidBucketName } from './storageNames.ts';

interface Listed {
  key?: string;
  name: string;
  id: string | null;
  bucket_id?: string;
  updated_at?: unknown;
  created_at?: unknown;
  last_accessed_at?: unknown;
  metadata?: unknown;
}

/** POST /object/list/:bucket: one level of a folder (storage.search), under the caller's policies. */
export async function listRoute(ctx: BackendContext, request: Request, bucket: string): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const fields = new Fields(await readStorageJson(request), 'body');
  let prefix = fields.string('prefix', true)!;
  const limit = fields.integer('limit', { min: 1 });
  const offset = fields.integer('offset', { min: 0 });
  const sortBy = fields.object('sortBy');
  const column = sortBy?.oneOf('column', ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const, true);
  const order = sortBy?.oneOf('order', ['asc', 'desc'] as const);
  const search = fields.string('search') ?? '';
  mustBeValidBucketName(bucket);
  if (prefix.length > 0 && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const rows = await asCaller(ctx.db, caller, 'storage.object.list', (tx) =>
    tx.query<Listed>('select * from storage.search($1, $2, $3, $4, $5, $6, $7, $8)', [
      prefix,
      bucket,
      limit ?? 100,
      `${prefix}${search}`.split('/').length,
      offset ?? 0,
      search,
      column ?? 'name',
      order ?? 'asc',
    ]),
  );
  return jsonResponse(200, rows.rows);
}

/** The cursor of list-v2, as the storage server writes it: base64 of "l:<after>\no:<order>\nc:<column>\na:<timestamp>". */
interface Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}
const CURSOR_KEYS: Array<[string, keyof Cursor]> = [['l', 'startAfter'], ['o', 'sortOrder'], ['c', 'sortColumn'], ['a', 'sortColumnAfter']];

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(CURSOR_KEYS.filter(([, k]) => cursor[k]).map(([p, k]) => `${p}:${cursor[k]}`).join('\n')).toString('base64');
}

export function decodeCursor(text: string): Cursor {
  const cursor: Cursor = { startAfter: '', sortOrder: 'asc' };
  for (const part of Buffer.from(text, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)/.exec(part);
    const key = match && CURSOR_KEYS.find(([p]) => p === match[1])?.[1];
    if (!match || !key) throw storageErrors.invalidParameter('continuation token');
    cursor[key] = match[2];
  }
  if (cursor.sortColumnAfter && Number.isNaN(Date.parse(cursor.sortColumnAfter))) throw storageErrors.invalidParameter('continuation token');
  return cursor;
}

/** The rows of one list-v2 page (one more than asked, to tell whether there is a next). */
async function listPage(tx: Queryable, bucket: string, o: { prefix: string; delimiter: boolean; limit: number; after?: string; order: string; column?: string; columnAfter?: string }): Promise<Listed[]> {
  if (o.delimiter) {
    const levels = o.prefix ? o.prefix.split('/').length : 1;
    const found = await tx.query<Listed>('select * from storage.search_v2($1, $2, $3, $4, $5, $6, $7, $8)', [o.prefix, bucket, o.limit, levels, o.after ?? '', o.order, o.column ?? 'name', o.columnAfter ?? '']);
    return found.rows;
  }
  const byTime = o.column === 'created_at' || o.column === 'updated_at' ? o.column : null;
  const op = o.order === 'desc' ? '<' : '>';
  const where = ['bucket_id = $1', 'left(name, length($2)) = $2'];
  const params: unknown[] = [bucket, o.prefix, o.limit];
  if (o.after && byTime && o.columnAfter) {
    params.push(o.columnAfter, o.after);
    where.push(`row(date_trunc('milliseconds', ${byTime}), name collate "C") ${op} row($4::timestamptz, $5)`);
  } else if (o.after) {
    params.push(o.after);
    where.push(`name collate "C" ${op} $4`);
  }
  const direction = o.order === 'desc' ? 'desc' : 'asc';
  const found = await tx.query<Listed>(
    `select id, name, metadata, updated_at, created_at, last_accessed_at from storage.objects where ${where.join(' and ')}
     order by ${byTime ? `${byTime} ${direction}, ` : ''}name collate "C" ${direction} limit $3`,
    params,
  );
  return found.rows;
}

/** POST /object/list-v2/:bucket: objects (and with_delimiter, folders) under a prefix, page by page with a cursor. */
export async function listV2Route(ctx: BackendContext, request: Request, bucket: string): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const fields = new Fields(await readStorageJson(request), 'body');
  const prefix = fields.string('prefix') ?? '';
  const limit = Math.min(fields.integer('limit', { min: 1 }) ?? 1000, 1000);
  const cursorText = fields.string('cursor');
  const delimiter = fields.boolean('with_delimiter') ?? false;
  const sortBy = fields.object('sortBy');
  const column = sortBy?.oneOf('column', ['name', 'updated_at', 'created_at'] as const, true);
  const order = sortBy?.oneOf('order', ['asc', 'desc'] as const);
  mustBeValidBucketName(bucket);
  const cursor = cursorText ? decodeCursor(cursorText) : undefined;
  const sort = { order: cursor?.sortOrder || order || 'asc', column: cursor?.sortColumn || column };
  let rows = await asCaller(ctx.db, caller, 'storage.object.list', (tx) =>
    listPage(tx, bucket, { prefix, delimiter, limit: limit + 1, after: cursor?.startAfter, order: sort.order, column: sort.column, columnAfter: cursor?.sortColumnAfter }),
  );
  if (delimiter) rows = collapseFolders(rows, prefix);
  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const folders = page.filter((r) => r.id === null).map((r) => ({ ...r, name: r.name.endsWith('/') ? r.name : `${r.name}/` }));
  const objects = page.filter((r) => r.id !== null);
  const last = page[page.length - 1];
  const timed = sort.column === 'created_at' || sort.column === 'updated_at' ? sort.column : null;
  const nextCursor = hasNext && last
    ? encodeCursor({ startAfter: last.name, sortOrder: sort.order, sortColumn: sort.column, sortColumnAfter: timed && last[timed] ? new Date(last[timed] as string).toISOString() : undefined })
    : undefined;
  return jsonResponse(200, { hasNext, ...(nextCursor ? { nextCursor, nextCursorKey: last!.name } : {}), folders, objects });
}

/** Folders once each, as the storage server collapses a delimited page (its rows are already one per folder). */
function collapseFolders(rows: Listed[], prefix: string): Listed[] {
  const out: Listed[] = [];
  let previous = '';
  for (const row of rows) {
    const at = row.name.slice(prefix.length).indexOf('/');
    if (at < 0 || row.id === null) {
      out.push(row);
      continue;
    }
    const folder = row.name.slice(0, prefix.length + at + 1);
    if (folder !== previous) out.push({ id: null, name: folder, key: row.key });
    previous = folder;
  }
  return out;
}
