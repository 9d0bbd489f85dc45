/**
 * What the build knows of the images its pages show: the references the content makes (ImageRef), the
 * variants the image stage made of each source (ResponsiveImage), and the options a site sets
 * (`images` in its config). Plain data: the manifest travels to the worker shards and the dev worker.
 */

/** One image a content file names: a markdown image or a field marked with image(). */
export interface ImageRef {
  /** The source, relative to the content folder ("blog/images/chart.png"). */
  src: string;
  /** The line of the content file that names it (for errors). */
  line: number;
}

/** One encoded file of an image: its URL and pixel width. */
export interface ImageFile {
  url: string;
  width: number;
}

/** One format of an image, its widths smallest first. */
export interface ImageFormat {
  /** MIME type: image/avif, image/webp, image/jpeg, image/png, image/svg+xml, image/gif. */
  type: string;
  files: ImageFile[];
}

/** An image as pages show it. */
export interface ResponsiveImage {
  /** The source, relative to the content folder. */
  src: string;
  /** Intrinsic size (after EXIF orientation): the width and height attributes, so nothing shifts. */
  width: number;
  height: number;
  /** Changes whenever a page showing the image would change (its bytes, its variants): the pages' cache key. */
  hash: string;
  /** AVIF, WebP, then the fallback (the source's own format) last; an SVG or GIF has one format, copied. */
  formats: ImageFormat[];
  /** The sizes attribute where the page gives none: the site's `images.sizes`. */
  sizes: string;
}

/** Content-relative source -> what the image stage made of it. */
export type ImageManifest = Record<string, ResponsiveImage>;

/** The site's `images` options (site.config.ts). */
export interface ImageOptions {
  /** Widths to make of each image (never wider than the source; its own width is added when it is between two). */
  widths?: number[];
  /** The sizes attribute of images without their own: how wide the image shows at each viewport width. */
  sizes?: string;
}

/** 480 for phones up to 2400 for a wide column on a dense screen. */
export const DEFAULT_WIDTHS: readonly number[] = [480, 800, 1200, 1600, 2400];
/** An article column of at most 46rem (736 px), the viewport's width below that. */
export const DEFAULT_SIZES = '(min-width: 46rem) 46rem, 100vw';

/** Every image file the stage takes (by extension). */
export const IMAGE_FILE = /\.(jpe?g|png|webp|avif|gif|svg)$/i;

/** A source over this many pixels is still built, with a warning in the report. */
export const MAX_PIXELS = 20_000_000;
