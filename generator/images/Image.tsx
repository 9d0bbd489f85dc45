/**
 * <Image src alt sizes? priority?>: a content image in a template, as a markdown image shows it (the same
 * <picture>, pictureMarkup.ts). `src` is an image() field's value (a path relative to the content
 * folder) or a URL, which is shown as a plain <img>. `priority`: above the fold (eager, fetchpriority
 * high). `sizes` defaults to the site's `images.sizes`.
 */
import { useSite } from '../render/SiteContext.ts';
import { SiteError } from '../errors.ts';
import { DEFAULT_SIZES } from './imageTypes.ts';
import { isAbsoluteUrl } from './markdownImages.ts';
import { pictureSpec } from './pictureMarkup.ts';
import { createContext, useContext } from 'react';

export interface ImageProps {
  src: string;
  /** What the image shows; "" for a decorative image. */
  alt: string;
  sizes?: string;
  priority?: boolean;
  /** For a URL (no intrinsic size known): its width and height, so nothing shifts. */
  width?: number;
  height?: number;
  className?: string;
}

/** The site's default sizes attribute (its config's `images.sizes`), given by renderPage. */
export const ImageSizes = createContext<string>(DEFAULT_SIZES);

export function Image({ src, alt, sizes, priority, width, height, className }: ImageProps) {
  const ctx = useSite();
  const fallbackSizes = useContext(ImageSizes);
  if (isAbsoluteUrl(src)) {
    return (
      <img src={src} width={width} height={height} alt={alt} className={className} loading={priority ? 'eager' : 'lazy'} decoding="async" fetchPriority={priority ? 'high' : undefined} />
    );
  }
  if (!ctx.image) throw new SiteError('ImageNotFound', { src });
  const { sources, img } = pictureSpec(ctx.image(src), { alt, sizes: sizes ?? fallbackSizes, priority });
  const tag = <img {...img} className={className} />;
  if (!sources.length) return tag;
  return (
    <picture>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={s.sizes} />
      ))}
      {tag}
    </picture>
  );
}
