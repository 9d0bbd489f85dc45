import type { BackendContext } from '../BackendContext.ts';
import { jsonResponse } from '../jsonResponse.ts';
import { mustFindObject } from './objectRows.ts';
import { describeTransform, transformOptions } from './renderImage.ts';
import { checkExpiresIn, signDownload } from './signedTokens.ts';
import { asCaller, storageCaller } from './storageCaller.ts';
import { storageErrors } from './StorageError.ts';
import { Fields, readStorageJson } from './storageInput.ts';
import { mustBeValidBucketName, mustBeValidKey } from './storageNames.ts';

/**
 * POST /object/sign/:bucket/* { expiresIn, transform? }: a URL that downloads
 * the object until it expires, for a caller whose policies let them read it
 * now; with transformations (and [storage.image_transformation] on) a
 * /render/image/sign URL.
 */
export async function signUrlRoute(ctx: BackendContext, request: Request, bucket: string, name: string): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const fields = new Fields(await readStorageJson(request), 'body');
  const expiresIn = fields.integer('expiresIn', { min: 1, required: true })!;
  const transform = fields.object('transform');
  const transformations = transform && ctx.config.storage.imageTransformation ? describeTransform(transformOptions(transform), true).join(',') : '';
  checkExpiresIn(expiresIn);
  mustBeValidBucketName(bucket);
  mustBeValidKey(name);
  await asCaller(ctx.db, caller, 'storage.object.sign', (tx) => mustFindObject(tx, bucket, name));
  const url = `${bucket}/${name}`;
  const token = await signDownload(ctx, url, expiresIn, transformations || undefined);
  return jsonResponse(200, { signedURL: `/${transformations ? 'render/image' : 'object'}/sign/${url}?token=${token}` });
}

/** POST /object/sign/:bucket { expiresIn, paths }: a signed URL for each path the caller may read, an error for the others. */
export async function signUrlsRoute(ctx: BackendContext, request: Request, bucket: string): Promise<Response> {
  const caller = await storageCaller(request, ctx);
  const fields = new Fields(await readStorageJson(request), 'body');
  const expiresIn = fields.integer('expiresIn', { min: 1, required: true })!;
  const paths = fields.strings('paths', { required: true, min: 1 })!;
  if (paths.length > 1000) throw storageErrors.validation('body/paths must NOT have more than 1000 items');
  checkExpiresIn(expiresIn);
  mustBeValidBucketName(bucket);
  const found = await asCaller(ctx.db, caller, 'storage.object.sign_many', (tx) =>
    tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, paths]),
  );
  const readable = new Set(found.rows.map((r) => r.name));
  const signed = await Promise.all(
    paths.map(async (path) => {
      if (!readable.has(path)) return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null };
      const token = await signDownload(ctx, `${bucket}/${path}`, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` };
    }),
  );
  return jsonResponse(200, signed);
}
