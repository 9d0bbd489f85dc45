/**
 * <Image src alt sizes? priority?>: a content image in a template, as a markdown image shows it (the same
 * <picture>, pictureMarkup.ts). `src` is an image() field's value (a path relative to the content
 * folder) or a URL, which is shown as a plain <img>. `priority`: above the fold (eager, fetchpriority
 * high). `sizes` defaults to the site's `images.sizes`.
 */
import { useSite } from './SiteContext.ts';
import { SiteError } from '../core/errors.ts';
import { isAbsoluteUrl } from '../images/markdownImages.ts';
import { pictureSpec } from '../images/pictureMarkup.ts';

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

export function Image({ src, alt, sizes, priority, width, height, className }: ImageProps) {
  const ctx = useSite();
  if (isAbsoluteUrl(src)) {
    return (
      <img src={src} width={width} height={height} alt={alt} className={className} loading={priority ? 'eager' : 'lazy'} decoding="async" fetchPriority={priority ? 'high' : undefined} />
    );
  }
  if (!ctx.image) throw new SiteError('ImageNotFound', { src });
  const image = ctx.image(src);
  const { sources, img } = pictureSpec(image, { alt, sizes: sizes ?? image.sizes, priority });
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
