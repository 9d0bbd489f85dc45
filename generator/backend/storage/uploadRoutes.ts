import type { BackendContext } from '../BackendContext.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { findObject, lockObjectName, mustFindBucket, writeObject, type BucketRow } from './objectRows.ts';
import { parseUserMetadata, receiveUpload, type ReceivedUpload } from './receiveUpload.ts';
import { signUpload, verifySigned } from './signedTokens.ts';
import { asOwner, storageCaller, testPermission, type StorageCaller } from './storageCaller.ts';
import { storageErrors } from './StorageError.ts';
import { mustBeValidBucketName, mustBeValidKey } from './storageNames.ts';

/** Who writes an upload: a caller under their policies, or (a signed upload URL) the database owner. */
interface Writer {
  caller: StorageCaller | null;
  owner?: string;
  upsert: boolean;
}

/** Whether the writer may put a row at this name (their policies; 409 when it exists and upsert is off). */
async function canUpload(ctx: BackendContext, writer: Writer, bucketId: string, name: string, metadata: Record<string, unknown>, userMetadata?: Record<string, unknown>) {
  const write = { bucketId, name, owner: writer.owner, version: '1', metadata, userMetadata };
  if (writer.caller) {
    await testPermission(ctx.db, writer.caller, 'storage.object.upload', (tx) => writeObject(tx, write, writer.upsert));
    return;
  }
  await asOwner(ctx.db, 'storage.object.upload_signed', async (tx) => {
    if (!writer.upsert && (await findObject(tx, bucketId, name))) throw storageErrors.keyAlreadyExists();
  });
}

/**
 * Puts a received file in place: its file committed (fsynced, renamed)
 * first, then the row, then the file of the version it replaced removed. A
 * failure after the file is in place removes it again.
 */
async function commitUpload(ctx: BackendContext, bucket: BucketRow, name: string, received: ReceivedUpload, writer: Writer) {
  const version = await ctx.objectFiles.commit(received.file);
  try {
    const metadata = {
      eTag: received.file.eTag(),
      size: received.file.size,
      mimetype: received.mimeType,
      cacheControl: received.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: received.file.size,
      httpStatusCode: 200,
    };
    const { row, previous } = await asOwner(ctx.db, 'storage.object.upload', async (tx) => {
      await lockObjectName(tx, bucket.id, name);
      const previous = (await findObject(tx, bucket.id, name))?.version;
      const row = await writeObject(tx, { bucketId: bucket.id, name, owner: writer.owner, version, metadata, userMetadata: { ...received.userMetadata } }, writer.upsert);
      return { row, previous };
    });
    if (previous && previous !== version) await ctx.objectFiles.remove([previous]);
    return row;
  } catch (error) {
    await ctx.objectFiles.remove([version]);
    throw error;
  }
}

/** An upload: the bucket found, the name and the writer's permission checked before a byte is kept, then received and committed. */
async function upload(ctx: BackendContext, request: Request, bucketName: string, objectName: string, writer: Writer) {
  mustBeValidBucketName(bucketName);
  const bucket = await asOwner(ctx.db, 'storage.object.upload', (tx) => mustFindBucket(tx, bucketName));
  mustBeValidKey(objectName);
  const declared = Number(request.headers.get('content-length') ?? NaN);
  const guess = { mimetype: request.headers.get('content-type') ?? undefined, ...(Number.isFinite(declared) ? { contentLength: declared } : {}) };
  await canUpload(ctx, writer, bucket.id, objectName, guess);
  const maxBytes = Math.min(bucket.file_size_limit ?? Infinity, ctx.config.storage.fileSizeLimit);
  const received = await receiveUpload(request, ctx.objectFiles, { maxBytes, allowedMimeTypes: bucket.allowed_mime_types, objectName });
  return commitUpload(ctx, bucket, objectName, received, writer);
}

/** POST /object/:bucket/* (x-upsert: true replaces) and PUT (always replaces): `{ Id, Key }`. */
export async function uploadRoute(ctx: BackendContext, request: Request, bucket: string, name: string): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const upsert = request.method === 'PUT' || request.headers.get('x-upsert') === 'true';
  const row = await upload(ctx, request, bucket, name, { caller, owner: caller.owner, upsert });
  return jsonResponse(200, { Id: row.id, Key: `${bucket}/${name}` });
}

/** PUT /object/upload/sign/:bucket/*?token=: an upload through a signed URL, as its token says: `{ Key }`. */
export async function signedUploadRoute(ctx: BackendContext, request: Request, url: URL, bucket: string, name: string): Promise<Response> {
  const token = url.searchParams.get('token');
  if (token === null) throw storageErrors.validation("querystring must have required property 'token'");
  mustBeValidBucketName(bucket);
  const claims = await verifySigned(ctx, token, bucket, name, 'upload');
  await upload(ctx, request, bucket, name, { caller: null, owner: claims.owner, upsert: claims.upsert === true });
  return jsonResponse(200, { Key: `${bucket}/${name}` });
}

/** POST /object/upload/sign/:bucket/*: a URL to upload one object later, if the caller may upload it now. */
export async function signUploadRoute(ctx: BackendContext, request: Request, bucket: string, name: string): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  mustBeValidBucketName(bucket);
  mustBeValidKey(name);
  const upsert = request.headers.get('x-upsert') === 'true';
  const declared = Number(request.headers.get('content-length') ?? NaN);
  const metadata = { mimetype: request.headers.get('content-type') ?? undefined, ...(Number.isFinite(declared) ? { contentLength: declared } : {}) };
  await canUpload(ctx, { caller, owner: caller.owner, upsert }, bucket, name, metadata, parseUserMetadata(request.headers.get('x-metadata')));
  const path = `${bucket}/${name}`;
  const token = await signUpload(ctx, path, caller.owner, upsert);
  return jsonResponse(200, { url: `/object/upload/sign/${path}?token=${token}`, token });
}
