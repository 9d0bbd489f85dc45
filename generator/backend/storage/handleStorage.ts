import { apiKeyOf, checkApiKey } from '../keys/apiGateway.ts';
import type { BackendContext } from '../BackendContext.ts';
import { createBucketRoute, deleteBucketRoute, emptyBucketRoute, getBucketRoute, listBucketsRoute, updateBucketRoute } from './bucketRoutes.ts';
import { accessOf, getObjectRoute, getSignedObjectRoute, headObjectRoute, objectInfoRoute } from './downloadRoutes.ts';
import { listRoute, listV2Route } from './listRoutes.ts';
import { copyRoute, deleteObjectRoute, deleteObjectsRoute, moveRoute } from './objectRoutes.ts';
import { bodyChunks, drain } from './receiveUpload.ts';
import { renderRoute, splitBucket } from './renderRoutes.ts';
import { signUrlRoute, signUrlsRoute } from './signRoutes.ts';
import { pgErrorToStorage, routeNotFound, StorageError } from './StorageError.ts';
import { signedUploadRoute, signUploadRoute, uploadRoute } from './uploadRoutes.ts';

/** A route's answer, or null when the path matches none (404). */
type Routed = Promise<Response | null>;

/** /bucket[/:id[/empty]] */
function bucketRoutes(ctx: BackendContext, request: Request, url: URL, rest: string): Routed {
  const [id, action, more] = rest.split('/');
  const method = request.method;
  if (id === '' || id === undefined) {
    if (method === 'GET') return listBucketsRoute(ctx, request, url);
    if (method === 'POST') return createBucketRoute(ctx, request);
    return Promise.resolve(null);
  }
  if (action === 'empty' && more === undefined && method === 'POST') return emptyBucketRoute(ctx, request, id);
  if (action !== undefined) return Promise.resolve(null);
  if (method === 'GET') return getBucketRoute(ctx, request, id);
  if (method === 'PUT') return updateBucketRoute(ctx, request, id);
  if (method === 'DELETE') return deleteBucketRoute(ctx, request, id);
  return Promise.resolve(null);
}

/** /object/... : the fixed paths first, then /object/:bucket/*, as the storage server's router orders them. */
function objectRoutes(ctx: BackendContext, request: Request, url: URL, rest: string): Routed {
  const method = request.method;
  const fixed = (prefix: string) => (rest.startsWith(prefix) ? rest.slice(prefix.length) : null);
  if (method === 'POST' && rest === 'move') return moveRoute(ctx, request);
  if (method === 'POST' && rest === 'copy') return copyRoute(ctx, request);
  const list = fixed('list/');
  if (method === 'POST' && list !== null && !list.includes('/')) return listRoute(ctx, request, list);
  const listV2 = fixed('list-v2/');
  if (method === 'POST' && listV2 !== null && !listV2.includes('/')) return listV2Route(ctx, request, listV2);
  const uploadSign = fixed('upload/sign/');
  if (uploadSign !== null && (method === 'POST' || method === 'PUT')) {
    const [bucket, name] = splitBucket(uploadSign);
    if (bucket === null) return Promise.resolve(null);
    return method === 'POST' ? signUploadRoute(ctx, request, bucket, name) : signedUploadRoute(ctx, request, url, bucket, name);
  }
  const sign = fixed('sign/');
  if (sign !== null && (method === 'POST' || method === 'GET' || method === 'HEAD')) {
    const [bucket, name] = splitBucket(sign);
    if (method === 'POST') return bucket === null ? signUrlsRoute(ctx, request, sign) : signUrlRoute(ctx, request, bucket, name);
    return bucket === null ? Promise.resolve(null) : getSignedObjectRoute(ctx, request, url, bucket, name);
  }
  const info = fixed('info/');
  if (info !== null && method === 'GET') {
    const { access, rest: path } = accessOf(info);
    const [bucket, name] = splitBucket(path);
    return bucket === null ? Promise.resolve(null) : objectInfoRoute(ctx, request, url, access, bucket, name);
  }
  if (method === 'GET' || method === 'HEAD') {
    const { access, rest: path } = accessOf(rest);
    const [bucket, name] = splitBucket(path);
    if (bucket === null) return Promise.resolve(null);
    return (method === 'GET' ? getObjectRoute : headObjectRoute)(ctx, request, url, access, bucket, name);
  }
  const [bucket, name] = splitBucket(rest);
  if (method === 'DELETE') return bucket === null ? deleteObjectsRoute(ctx, request, rest) : deleteObjectRoute(ctx, request, bucket, name);
  if (bucket !== null && (method === 'POST' || method === 'PUT')) return uploadRoute(ctx, request, bucket, name);
  return Promise.resolve(null);
}

/**
 * The Storage API under /storage/v1, as Supabase's storage server (v1.60,
 * the Supabase CLI's) answers it: buckets, objects, signed URLs and, with
 * [storage.image_transformation] enabled, /render/image. `sub` is the path
 * after /storage/v1. Errors are the server's `{ statusCode, code, error,
 * message }`; whatever body a route leaves unread is read and dropped (so the
 * client sees the answer); a failure no route turned into an answer is thrown
 * (createApp logs it, 500).
 */
export function handleStorage(ctx: BackendContext): (request: Request, sub: string) => Promise<Response> {
  return async (request, sub) => {
    const url = new URL(request.url);
    const path = decodeURIComponent(sub);
    try {
      if (!ctx.config.storage.enabled) return routeNotFound(request.method, path);
      // No key is needed here, as at the Supabase CLI's gateway; an `sb_` key sent is checked as the hosted
      // gateway checks it (not the project's, or a secret key from a browser: 401), a JWT by its signature.
      const keyError = apiKeyOf(request)?.startsWith('sb_') ? checkApiKey(request, ctx.keys) : null;
      if (keyError) return keyError;
      let routed: Response | null = null;
      if (path === '/bucket' || path.startsWith('/bucket/')) routed = await bucketRoutes(ctx, request, url, path.slice('/bucket/'.length));
      else if (path.startsWith('/object/')) routed = await objectRoutes(ctx, request, url, path.slice('/object/'.length));
      else if (path.startsWith('/render/image/') && ctx.config.storage.imageTransformation && ['GET', 'HEAD'].includes(request.method)) {
        routed = await renderRoute(ctx, request, url, path.slice('/render/image/'.length));
      } else if (path === '/status' && request.method === 'GET') routed = new Response(null, { status: 200 });
      return routed ?? routeNotFound(request.method, path);
    } catch (error) {
      if (error instanceof StorageError) return error.toResponse();
      const mapped = pgErrorToStorage(error);
      if (mapped) return mapped.toResponse();
      throw error;
    } finally {
      await drain(bodyChunks(request), 64 * 1024 * 1024);
    }
  };
}
