import type { BackendContext } from '../BackendContext.ts';
import { fileResponse, headResponse, infoResponse, type AssetOptions, type ObjectRow } from './assetResponse.ts';
import { findBucket, mustFindObject } from './objectRows.ts';
import { transformationsOf } from './renderImage.ts';
import { verifySigned } from './signedTokens.ts';
import { asCaller, asOwner, storageCaller } from './storageCaller.ts';
import { storageErrors } from './StorageError.ts';
import { mustBeValidBucketName, mustBeValidKey } from './storageNames.ts';

/** How an object is reached: with the caller's JWT (`authenticated`: one is required), from a public bucket, or by a signed URL. */
export type Access = 'authenticated' | 'optional' | 'public';

/**
 * The row of an object as the storage server finds it for a read: the bucket
 * first (404 NoSuchBucket when missing, or private to a caller without a
 * JWT); a public bucket's objects for anyone, a private one's under the
 * caller's policies (404 NoSuchKey when they hide it).
 */
export async function readableObject(ctx: BackendContext, request: Request, access: Access, bucketName: string, name: string): Promise<ObjectRow> {
  mustBeValidBucketName(bucketName);
  mustBeValidKey(name);
  const caller = access === 'public' ? null : await storageCaller(request, ctx, access === 'optional');
  const bucket = await asOwner(ctx.db, 'storage.object.get', (tx) => findBucket(tx, bucketName));
  if (!bucket || (access === 'public' && !bucket.public) || (caller && !caller.authenticated && !bucket.public)) throw storageErrors.noSuchBucket();
  if (bucket.public || !caller) return asOwner(ctx.db, 'storage.object.get', (tx) => mustFindObject(tx, bucketName, name));
  return asCaller(ctx.db, caller, 'storage.object.get', (tx) => mustFindObject(tx, bucketName, name));
}

/** Pure: `?download` of a request, as the routes read it (absent: inline). */
export function downloadOf(url: URL): string | undefined {
  return url.searchParams.has('download') ? (url.searchParams.get('download') ?? '') : undefined;
}

/** GET /object/{authenticated,public,}/:bucket/*: the object's bytes. */
export async function getObjectRoute(ctx: BackendContext, request: Request, url: URL, access: Access, bucket: string, name: string): Promise<Response> {
  const object = await readableObject(ctx, request, access, bucket, name);
  return fileResponse(ctx.objectFiles, object, request, { download: downloadOf(url) });
}

/** HEAD /object/{authenticated,public,}/:bucket/*: the object's headers from its row. */
export async function headObjectRoute(ctx: BackendContext, request: Request, url: URL, access: Access, bucket: string, name: string): Promise<Response> {
  const object = await readableObject(ctx, request, access, bucket, name);
  return headResponse(object, { transformations: transformationsOf(url) });
}

/** GET /object/info/{authenticated,public,}/:bucket/*: the object's details (storage-js info()). */
export async function objectInfoRoute(ctx: BackendContext, request: Request, url: URL, access: Access, bucket: string, name: string): Promise<Response> {
  const object = await readableObject(ctx, request, access, bucket, name);
  return infoResponse(object, { transformations: transformationsOf(url) });
}

/** The object a signed URL opens (its token checked for this object and for downloads), with the Expires its token gives. */
export async function signedObject(ctx: BackendContext, url: URL, bucket: string, name: string): Promise<{ object: ObjectRow; options: AssetOptions; transformations?: string }> {
  const token = url.searchParams.get('token');
  if (token === null) throw storageErrors.validation("querystring must have required property 'token'");
  mustBeValidBucketName(bucket);
  const claims = await verifySigned(ctx, token, bucket, name, 'download');
  const object = await asOwner(ctx.db, 'storage.object.get_signed', (tx) => mustFindObject(tx, bucket, name));
  return { object, options: { download: downloadOf(url), expires: new Date(claims.exp * 1000).toUTCString() }, transformations: claims.transformations };
}

/** GET /object/sign/:bucket/*?token=: the bytes of a signed URL's object. */
export async function getSignedObjectRoute(ctx: BackendContext, request: Request, url: URL, bucket: string, name: string): Promise<Response> {
  const { object, options } = await signedObject(ctx, url, bucket, name);
  return fileResponse(ctx.objectFiles, object, request, options);
}

/** Pure: the access a path's prefix asks for (`authenticated/`, `public/` or none) and the rest of the path. */
export function accessOf(rest: string): { access: Access; rest: string } {
  if (rest.startsWith('authenticated/')) return { access: 'authenticated', rest: rest.slice('authenticated/'.length) };
  if (rest.startsWith('public/')) return { access: 'public', rest: rest.slice('public/'.length) };
  return { access: 'optional', rest };
}
