import type { BackendContext } from '../BackendContext.ts';
import { accessOf, downloadOf, readableObject, signedObject } from './downloadRoutes.ts';
import { parseTransformString, renderImage, transformOptions } from './renderImage.ts';
import { Fields } from './storageInput.ts';

/**
 * GET /render/image/{authenticated,public,sign}/:bucket/*: an image object
 * transformed (width, height, resize, quality, format): from the query
 * string, or for a signed URL from its token. Served only with
 * [storage.image_transformation] enabled.
 */
export async function renderRoute(ctx: BackendContext, request: Request, url: URL, rest: string): Promise<Response | null> {
  if (rest.startsWith('sign/')) {
    const [bucket, name] = splitBucket(rest.slice('sign/'.length));
    if (bucket === null) return null;
    const { object, options, transformations } = await signedObject(ctx, url, bucket, name);
    return renderImage(ctx.objectFiles, object, request, parseTransformString(transformations ?? ''), options);
  }
  const { access, rest: path } = accessOf(rest);
  if (access === 'optional') return null;
  const [bucket, name] = splitBucket(path);
  if (bucket === null) return null;
  const transform = transformOptions(Fields.query(url));
  const object = await readableObject(ctx, request, access, bucket, name);
  return renderImage(ctx.objectFiles, object, request, transform, { download: downloadOf(url) });
}

/** Pure: "bucket/a/b.png" -> ["bucket", "a/b.png"]; [null, ""] without a "/". */
export function splitBucket(path: string): [string, string] | [null, string] {
  const slash = path.indexOf('/');
  return slash < 0 ? [null, ''] : [path.slice(0, slash), path.slice(slash + 1)];
}
