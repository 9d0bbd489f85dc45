/**
 * Which social images a build makes: one for every route with `socialImage` (its card data), each
 * drawn by the site's card, keyed and named (socialImageKey.ts). Routes whose cards come out the same
 * share one image. `known` (card data as JSON -> image key, from a build of the same code, fonts and
 * site meta) spares drawing the cards of a warm build: looking a card up costs far less than drawing it
 * as data. Pure apart from the site's card function, which must be pure itself.
 */
import { SiteError } from '../core/errors.ts';
import { siteSource } from '../core/siteSource.ts';
import type { Route, SiteMeta, SocialCardData, SocialImagesOptions } from '../site/defineConfig.ts';
import { cardTree, type CardNode } from './cardTree.ts';
import { drawableTree } from './cardText.ts';
import type { Coverage } from './fontCoverage.ts';
import { socialImageFile, socialImageKey } from './socialImageKey.ts';

export interface SocialImage {
  key: string;
  /** Output file: assets/social/<slug>-<key>.png. */
  file: string;
  /** The first route that shows it (for errors). */
  route: string;
  /** Its card data. */
  data: SocialCardData;
  /** The card as drawn, when it was drawn while planning (not when its key was `known`). */
  tree?: CardNode;
}

export interface SocialPlan {
  /** Each image once. */
  images: SocialImage[];
  /** Route path -> the root-relative URL of its image. */
  urls: Record<string, string>;
  /** Card data as JSON -> image key, for every route of the plan: the next build's `known`. */
  keys: Record<string, string>;
}

export interface CardFonts {
  /** socialFonts.ts: the fonts' key, and the characters they can draw. */
  key: string;
  coverage: Coverage;
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
export function drawCard(route: string, data: SocialCardData, card: SocialImagesOptions['card'], meta: SiteMeta, coverage: Coverage): CardNode {
  try {
    return drawableTree(cardTree(card(data, meta)), coverage);
  } catch (e) {
    if (e instanceof SiteError) throw e;
    throw new SiteError('SocialCardFailed', { route, reason: e instanceof Error ? e.message.replace(/\.$/, '') : String(e), ...siteSource(e) });
  }
}

export function planSocialImages(
  routes: readonly Route[],
  card: SocialImagesOptions['card'],
  meta: SiteMeta,
  fonts: CardFonts,
  renderer: string,
  known: Readonly<Record<string, string>> = {},
): SocialPlan {
  const byKey = new Map<string, SocialImage>();
  const taken = new Map<string, string>();
  const urls: Record<string, string> = {};
  const keys: Record<string, string> = {};
  for (const route of routes) {
    const data = route.socialImage;
    if (data === undefined) continue;
    const invalid = invalidCardData(data);
    if (invalid) throw new SiteError('SocialImageInvalid', { route: route.path, reason: invalid });
    const json = JSON.stringify(data);
    let key = keys[json] ?? (Object.hasOwn(known, json) ? known[json] : undefined);
    let tree: CardNode | undefined;
    if (typeof key !== 'string' || !/^[0-9a-f]{64}$/.test(key)) {
      tree = drawCard(route.path, data, card, meta, fonts.coverage);
      key = socialImageKey(tree, fonts.key, renderer);
    }
    keys[json] = key;
    let image = byKey.get(key);
    if (!image) {
      const file = socialImageFile(route.path, key, taken);
      taken.set(file, key);
      byKey.set(key, (image = { key, file, route: route.path, data, ...(tree ? { tree } : {}) }));
    }
    urls[route.path] = `/${image.file}`;
  }
  return { images: [...byKey.values()], urls, keys };
}
