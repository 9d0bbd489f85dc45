/** The render context's `image` (RenderContext.image): a content image's variants from the build's manifest. Pure. */
import { SiteError } from '../core/errors.ts';
import type { ImageManifest, ResponsiveImage } from './imageTypes.ts';

export const imageLookup =
  (manifest: ImageManifest) =>
  (src: string): ResponsiveImage => {
    const found = Object.hasOwn(manifest, src) ? manifest[src] : undefined;
    if (!found) throw new SiteError('ImageNotFound', { src });
    return found;
  };
