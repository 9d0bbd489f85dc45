/**
 * Which social images a build makes: one for every route with `socialImage` (its card data), each
 * drawn by the site's card, keyed and named (socialImageKey.ts). Routes whose cards come out the same
 * share one image. Pure apart from the site's card function, which must be pure itself.
 */
import { SiteError } from '../errors.ts';
import type { Route, SiteMeta, SocialCardData, SocialImagesOptions } from '../site/defineConfig.ts';
import { cardTree, type CardNode } from './cardTree.ts';
import { drawableTree } from './cardText.ts';
import type { Coverage } from './fontCoverage.ts';
import { socialImageFile, socialImageKey } from './socialImageKey.ts';

export interface SocialImage {
  key: string;
  /** Output file: assets/social/<slug>-<key>.png. */
  file: string;
  /** The card as drawn. */
  tree: CardNode;
  /** The first route that shows it (for errors). */
  route: string;
}

export interface SocialPlan {
  /** Each image once. */
  images: SocialImage[];
  /** Route path -> the root-relative URL of its image. */
  urls: Record<string, string>;
}

/** Why a route's socialImage cannot be drawn, or null when it can. */
export function invalidCardData(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return `it is ${data === null ? 'null' : Array.isArray(data) ? 'a list' : `a ${typeof data}`}, not an object`;
  const d = data as Record<string, unknown>;
  if (typeof d.title !== 'string' || d.title.trim() === '') return 'its "title" is not a non-empty string';
  for (const [field, v] of Object.entries(d)) {
    if (v !== undefined && typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return `its "${field}" is neither text, a number nor true or false`;
  }
  return null;
}

/** The tree of one route's card, its text as the fonts (`coverage`) can draw it; or a SiteError naming the route. */
export function drawCard(route: string, data: unknown, card: SocialImagesOptions['card'], meta: SiteMeta, coverage: Coverage): CardNode {
  const invalid = invalidCardData(data);
  if (invalid) throw new SiteError('SocialImageInvalid', { route, reason: invalid });
  try {
    return drawableTree(cardTree(card(data as SocialCardData, meta)), coverage);
  } catch (e) {
    if (e instanceof SiteError) throw e;
    throw new SiteError('SocialCardFailed', { route, reason: e instanceof Error ? e.message.replace(/\.$/, '') : String(e) });
  }
}

export interface CardFonts {
  /** socialFonts.ts: the fonts' key, and the characters they can draw. */
  key: string;
  coverage: Coverage;
}

export function planSocialImages(routes: readonly Route[], card: SocialImagesOptions['card'], meta: SiteMeta, fonts: CardFonts, renderer: string): SocialPlan {
  const byKey = new Map<string, SocialImage>();
  const taken = new Map<string, string>();
  const urls: Record<string, string> = {};
  for (const route of routes) {
    if (route.socialImage === undefined) continue;
    const tree = drawCard(route.path, route.socialImage, card, meta, fonts.coverage);
    const key = socialImageKey(tree, fonts.key, renderer);
    let image = byKey.get(key);
    if (!image) {
      const file = socialImageFile(route.path, key, taken);
      taken.set(file, key);
      byKey.set(key, (image = { key, file, tree, route: route.path }));
    }
    urls[route.path] = `/${image.file}`;
  }
  return { images: [...byKey.values()], urls };
}
