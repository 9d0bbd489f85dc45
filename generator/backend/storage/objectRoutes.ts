import type { BackendContext } from '../BackendContext.ts';
import type { Queryable } from '../Database.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { findObject, lockObjectName, mustFindObject, OBJECT_COLUMNS, writeObject } from './objectRows.ts';
import { parseUserMetadata } from './receiveUpload.ts';
import { asCaller, asOwner, storageCaller, testPermission } from './storageCaller.ts';
import { storageErrors } from './StorageError.ts';
import { Fields, readStorageJson } from './storageInput.ts';
import { mustBeValidBucketName, mustBeValidKey } from './storageNames.ts';

/** The request body of move and copy: the source object and where it goes. */
function placement(fields: Fields) {
  const bucketId = fields.string('bucketId', true)!;
  const sourceKey = fields.string('sourceKey', true)!;
  const destinationKey = fields.string('destinationKey', true)!;
  return { bucketId, sourceKey, destinationKey, destinationBucket: fields.string('destinationBucket') || bucketId };
}

const isUuid = (value: string | undefined) => !!value && /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(value);

/** Renames a row (its file keeps its version: files are named by version, not path). */
function renameRow(tx: Queryable, from: { bucket: string; key: string }, to: { bucket: string; key: string }, owner: string | undefined) {
  return tx.query<{ id: string; name: string }>(
    'update storage.objects set name = $3, bucket_id = $4, owner = $5::uuid, owner_id = $6 where bucket_id = $1 and name = $2 returning id, name',
    [from.bucket, from.key, to.key, to.bucket, isUuid(owner) ? owner : null, owner ?? null],
  );
}

/** POST /object/move: renames an object, also into another bucket, under the caller's policies. */
export async function moveRoute(ctx: BackendContext, request: Request): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const p = placement(new Fields(await readStorageJson(request), 'body'));
  mustBeValidBucketName(p.bucketId);
  mustBeValidKey(p.destinationKey);
  const from = { bucket: p.bucketId, key: p.sourceKey };
  const to = { bucket: p.destinationBucket, key: p.destinationKey };
  const moved = await asCaller(ctx.db, caller, 'storage.object.move', async (tx) => {
    await mustFindObject(tx, from.bucket, from.key);
    if (from.bucket === to.bucket && from.key === to.key) return (await mustFindObject(tx, from.bucket, from.key)) as { id: string; name: string };
    await lockObjectName(tx, to.bucket, to.key);
    const renamed = await renameRow(tx, from, to, caller.owner);
    if (!renamed.rows[0]) throw storageErrors.noSuchKey();
    return renamed.rows[0];
  });
  return jsonResponse(200, { message: 'Successfully moved', Id: moved.id, Key: moved.name });
}

/** POST /object/copy: a new object with the source's bytes (its own file), metadata and, unless asked otherwise, user metadata. */
export async function copyRoute(ctx: BackendContext, request: Request): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const fields = new Fields(await readStorageJson(request), 'body');
  const p = placement(fields);
  const metadataFields = fields.object('metadata');
  const fileMetadata = { cacheControl: metadataFields?.string('cacheControl'), mimetype: metadataFields?.string('mimetype') };
  const copyMetadata = fields.boolean('copyMetadata') ?? true;
  const upsert = request.headers.get('x-upsert') === 'true';
  mustBeValidBucketName(p.bucketId);
  mustBeValidKey(p.destinationKey);
  const source = await asCaller(ctx.db, caller, 'storage.object.copy', (tx) => mustFindObject(tx, p.bucketId, p.sourceKey));
  const metadata: Record<string, unknown> = { ...(source.metadata ?? {}) };
  if (!copyMetadata) {
    if (fileMetadata.cacheControl !== undefined) metadata.cacheControl = fileMetadata.cacheControl;
    if (fileMetadata.mimetype !== undefined) metadata.mimetype = fileMetadata.mimetype;
  }
  const userMetadata = copyMetadata ? (source.user_metadata ?? null) : (parseUserMetadata(request.headers.get('x-metadata')) ?? null);
  const write = { bucketId: p.destinationBucket, name: p.destinationKey, owner: caller.owner, metadata, userMetadata };
  await testPermission(ctx.db, caller, 'storage.object.copy', (tx) => writeObject(tx, { ...write, version: '1' }, upsert));
  if (!source.version) throw storageErrors.fileMissing();
  const version = await ctx.objectFiles.duplicate(source.version).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ENOENT' ? storageErrors.fileMissing() : error;
  });
  try {
    const { row, previous } = await asOwner(ctx.db, 'storage.object.copy', async (tx) => {
      await lockObjectName(tx, write.bucketId, write.name);
      const previous = (await findObject(tx, write.bucketId, write.name))?.version;
      const row = await writeObject(tx, { ...write, version, metadata: { ...metadata, lastModified: new Date().toISOString() } }, true);
      return { row, previous };
    });
    if (previous && previous !== version) await ctx.objectFiles.remove([previous]);
    return jsonResponse(200, { Id: row.id, Key: `${p.destinationBucket}/${p.destinationKey}`, ...row });
  } catch (error) {
    await ctx.objectFiles.remove([version]);
    throw error;
  }
}

/** DELETE /object/:bucket/*: one object, its row under the caller's policies, then its file. */
export async function deleteObjectRoute(ctx: BackendContext, request: Request, bucket: string, name: string): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  mustBeValidBucketName(bucket);
  await asOwner(ctx.db, 'storage.object.delete', (tx) => mustFindObject(tx, bucket, name));
  const deleted = await asCaller(ctx.db, caller, 'storage.object.delete', (tx) =>
    tx.query<{ version: string | null }>('delete from storage.objects where bucket_id = $1 and name = $2 returning version', [bucket, name]),
  );
  if (!deleted.rows[0]) throw storageErrors.accessDenied('Access denied');
  await ctx.objectFiles.remove(deleted.rows.map((r) => r.version));
  return jsonResponse(200, { message: 'Successfully deleted' });
}

/** DELETE /object/:bucket { prefixes }: the named objects the caller's policies let go, then their files; the rows deleted. */
export async function deleteObjectsRoute(ctx: BackendContext, request: Request, bucket: string): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const prefixes = new Fields(await readStorageJson(request), 'body').strings('prefixes', { required: true, min: 1 })!;
  mustBeValidBucketName(bucket);
  const deleted = await asCaller(ctx.db, caller, 'storage.object.delete_many', (tx) =>
    tx.query<{ version: string | null }>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`, [bucket, prefixes]),
  );
  await ctx.objectFiles.remove(deleted.rows.map((r) => r.version));
  return jsonResponse(200, deleted.rows);
}
