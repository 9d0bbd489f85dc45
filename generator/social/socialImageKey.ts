/**
 * Names of social images. A card's key is the hash of everything its PNG is made from: the card as
 * drawn (cardTree.ts), the fonts' bytes and the renderer (satori's and sharp's versions, the size, the
 * painter's version and the PNG options: drawSocialImage.ts). Its output file carries the route's slug
 * and the key's first hex digits, so a changed card gets a new URL (social networks cache images by URL)
 * and an unchanged one keeps its own. Pure.
 */
import { hashParts } from '../core/contentHash.ts';
import type { CardNode } from './cardTree.ts';

export const SOCIAL_WIDTH = 1200;
export const SOCIAL_HEIGHT = 630;
/** Where the images go in the output. */
export const SOCIAL_DIR = 'assets/social';
/** Hex digits of the key in a file name. */
const SHORT = 8;

export const socialImageKey = (tree: CardNode, fontsKey: string, renderer: string): string =>
  hashParts([renderer, fontsKey, JSON.stringify(tree)]);

/** A route path as a file name: "/blog/my-post" -> "blog-my-post", "/" -> "index". */
export function socialSlug(routePath: string): string {
  const slug = routePath
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'index';
}

/**
 * The output file of a route's image. `taken`: files already named in this build (file -> key): two
 * routes whose slugs and short keys meet (another key with the same first digits) get more digits.
 */
export function socialImageFile(routePath: string, key: string, taken?: ReadonlyMap<string, string>): string {
  const slug = socialSlug(routePath);
  for (let digits = SHORT; ; digits += 4) {
    const file = `${SOCIAL_DIR}/${slug}-${key.slice(0, digits)}.png`;
    const holder = taken?.get(file);
    if (holder === undefined || holder === key || digits >= key.length) return file;
  }
}
