import type { BackendContext } from '../BackendContext.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { findBucket, insertBucket, mustFindBucket } from './objectRows.ts';
import { asCaller, asOwner, requireServiceRole, storageCaller } from './storageCaller.ts';
import { storageErrors } from './StorageError.ts';
import { Fields, readStorageJson } from './storageInput.ts';
import { mustBeValidBucketName, parseFileSizeToBytes, validateAllowedMimeTypes } from './storageNames.ts';

const BUCKET_COLUMNS = 'id, name, owner, public, created_at, updated_at, file_size_limit, allowed_mime_types';

/** A bucket's file_size_limit in bytes (a number, or "20mb" in powers of 1000), never over the global limit (413). */
function fileSizeLimit(ctx: BackendContext, value: number | string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return value;
  const bytes = typeof value === 'string' ? parseFileSizeToBytes(value) : value;
  if (bytes > ctx.config.storage.fileSizeLimit) throw storageErrors.entityTooLarge();
  return bytes;
}

/** GET /bucket (limit, offset, sortColumn, sortOrder, search): the buckets the caller's policies show. */
export async function listBucketsRoute(ctx: BackendContext, request: Request, url: URL): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const query = Fields.query(url);
  const limit = query.integer('limit', { min: 1 });
  const offset = query.integer('offset', { min: 0 });
  const sortColumn = query.oneOf('sortColumn', ['id', 'name', 'created_at', 'updated_at'] as const);
  const sortOrder = query.oneOf('sortOrder', ['asc', 'desc'] as const);
  const search = query.string('search');
  const params: unknown[] = [];
  const where = search ? (params.push(`%${search.replace(/[\\%_]/g, '\\$&')}%`), `where name ilike $${params.length}`) : '';
  const order = sortColumn ? `order by ${sortColumn} ${sortOrder === 'desc' ? 'desc' : 'asc'}` : '';
  const limits = [limit !== undefined && (params.push(limit), `limit $${params.length}`), offset !== undefined && (params.push(offset), `offset $${params.length}`)].filter(Boolean).join(' ');
  const rows = await asCaller(ctx.db, caller, 'storage.bucket.list', (tx) => tx.query(`select ${BUCKET_COLUMNS}, type from storage.buckets ${where} ${order} ${limits}`, params));
  return jsonResponse(200, rows.rows);
}

/** GET /bucket/:id: one bucket, if the caller's policies show it (404 otherwise). */
export async function getBucketRoute(ctx: BackendContext, request: Request, id: string): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const found = await asCaller(ctx.db, caller, 'storage.bucket.get', (tx) => tx.query(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1 limit 1`, [id]));
  if (!found.rows[0]) throw storageErrors.noSuchBucket();
  return jsonResponse(200, found.rows[0]);
}

/** POST /bucket { name, id?, public?, file_size_limit?, allowed_mime_types? }: `{ name }`. */
export async function createBucketRoute(ctx: BackendContext, request: Request): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const body = new Fields(await readStorageJson(request), 'body');
  const name = body.string('name', true)!;
  const id = body.string('id') || name;
  const isPublic = body.boolean('public') ?? false;
  const type = body.oneOf('type', ['STANDARD', 'ANALYTICS'] as const);
  const limit = body.sizeOrNull('file_size_limit');
  const types = body.strings('allowed_mime_types', { nullable: true });
  if (name.trim() !== name) throw storageErrors.invalidBucketName();
  mustBeValidBucketName(name);
  mustBeValidBucketName(id);
  if (type === 'ANALYTICS') throw storageErrors.featureNotEnabled('iceberg_catalog');
  const bytes = fileSizeLimit(ctx, limit);
  const allowed = types ? types.filter(Boolean) : types;
  if (allowed) validateAllowedMimeTypes(allowed);
  await asCaller(ctx.db, caller, 'storage.bucket.create', (tx) => insertBucket(tx, { id, name, owner: caller.owner, public: isPublic, fileSizeLimit: bytes ?? null, allowedMimeTypes: allowed ?? null }));
  return jsonResponse(200, { name });
}

/** PUT /bucket/:id { public?, file_size_limit?, allowed_mime_types? }: at least one of them. */
export async function updateBucketRoute(ctx: BackendContext, request: Request, id: string): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const body = new Fields(await readStorageJson(request), 'body');
  const isPublic = body.boolean('public');
  const limit = body.sizeOrNull('file_size_limit');
  const types = body.strings('allowed_mime_types', { nullable: true });
  if (!['public', 'file_size_limit', 'allowed_mime_types'].some((k) => body.has(k))) throw storageErrors.validation('body must match a schema in anyOf');
  mustBeValidBucketName(id);
  const sets: Record<string, unknown> = {};
  if (isPublic !== undefined) sets.public = isPublic;
  if (limit !== undefined) sets.file_size_limit = fileSizeLimit(ctx, limit);
  if (types !== undefined) {
    const allowed = types ? types.filter(Boolean) : null;
    if (allowed) validateAllowedMimeTypes(allowed);
    sets.allowed_mime_types = allowed;
  }
  const columns = Object.keys(sets);
  const updated = await asCaller(ctx.db, caller, 'storage.bucket.update', (tx) =>
    tx.query(`update storage.buckets set ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')} where id = $1 returning id`, [id, ...Object.values(sets)]),
  );
  if (!updated.rows[0]) throw storageErrors.noSuchBucket();
  return jsonResponse(200, { message: 'Successfully updated' });
}

/** DELETE /bucket/:id: an empty bucket (409 while it holds objects). */
export async function deleteBucketRoute(ctx: BackendContext, request: Request, id: string): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  await asOwner(ctx.db, 'storage.bucket.delete', async (tx) => {
    await mustFindBucket(tx, id);
    const any = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
    if (any.rows.length > 0) throw storageErrors.bucketNotEmpty();
  });
  const deleted = await asCaller(ctx.db, caller, 'storage.bucket.delete', (tx) => tx.query('delete from storage.buckets where id = $1 returning id', [id]));
  if (!deleted.rows[0]) throw storageErrors.noSuchBucket();
  return jsonResponse(200, { message: 'Successfully deleted' });
}

/**
 * POST /bucket/:id/empty (service role only): removes every object of the
 * bucket, rows then files. The storage server queues it; here it is done
 * before the answer, which keeps the server's wording.
 */
export async function emptyBucketRoute(ctx: BackendContext, request: Request, id: string): Promise<Response> {
  requireServiceRole(await storageCaller(request, ctx));
  const bucket = await asOwner(ctx.db, 'storage.bucket.empty', (tx) => findBucket(tx, id));
  if (!bucket) throw storageErrors.noSuchBucket();
  for (;;) {
    const batch = await asOwner(ctx.db, 'storage.bucket.empty', (tx) =>
      tx.query<{ version: string | null }>('delete from storage.objects where id in (select id from storage.objects where bucket_id = $1 limit 1000) returning version', [id]),
    );
    await ctx.objectFiles.remove(batch.rows.map((r) => r.version));
    if (batch.rows.length < 1000) break;
  }
  return jsonResponse(200, { message: 'Empty bucket has been queued. Completion may take up to an hour.' });
}
