/**
 * Social images as `site dev` names them: planned route by route when a page renders (a build plans every
 * route before rendering; dev renders a few pages of thousands), each card's key kept by its data so a
 * card is drawn once, and an edit draws only the cards whose data changed. A request for an image no
 * rendered page named yet plans every route to find it.
 */
import type { Route, SiteMeta, SocialImagesOptions } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import { socialRenderer } from '../social/drawSocialImage.ts';
import type { CardNode } from '../social/cardTree.ts';
import { drawCard, planSocialImages, type SocialImage } from '../social/planSocialImages.ts';
import { loadSocialFonts, type LoadedFont } from '../social/socialFonts.ts';

export class DevSocial {
  /** Card data (JSON) -> image key, for the site meta `metaJson`. */
  private keys: Record<string, string> = {};
  private metaJson = '';
  /** URL path -> image, of the routes planned so far. */
  private readonly images = new Map<string, SocialImage>();
  private readonly renderer = socialRenderer();

  private constructor(
    private readonly card: SocialImagesOptions['card'],
    readonly fonts: LoadedFont[],
    private readonly fontsKey: string,
    private readonly coverage: ReturnType<typeof loadSocialFonts>['coverage'],
  ) {}

  /** null: the site makes no social images. */
  static open(site: AnySite, dirs: { root: string; templatesDir: string }): DevSocial | null {
    if (!site.socialImages) return null;
    const { fonts, key, coverage } = loadSocialFonts(site.socialImages.fonts, dirs.root, dirs.templatesDir);
    return new DevSocial(site.socialImages.card, fonts, key, coverage);
  }

  /** The URL of a route's image, or undefined when the route has none (its page shows the site's default). */
  urlOf(route: Route, meta: SiteMeta): string | undefined {
    if (route.socialImage === undefined) return undefined;
    const json = JSON.stringify(meta);
    if (json !== this.metaJson) {
      this.metaJson = json;
      this.keys = {};
      this.images.clear();
    }
    const plan = planSocialImages([route], this.card, meta, { key: this.fontsKey, coverage: this.coverage }, this.renderer, this.keys);
    Object.assign(this.keys, plan.keys);
    const image = plan.images[0]!;
    this.images.set(`/${image.file}`, image);
    return `/${image.file}`;
  }

  /** The image at `urlPath` if a route of `routes` names it now, with its card. */
  find(urlPath: string, routes: readonly Route[], byPath: ReadonlyMap<string, Route>, meta: SiteMeta): { image: SocialImage; tree: () => CardNode } | null {
    const seen = this.images.get(urlPath);
    const route = seen && byPath.get(seen.route);
    // Still named by its route (the route's card may have changed since).
    if (route && this.urlOf(route, meta) === urlPath) return this.withTree(this.images.get(urlPath)!, meta);
    for (const r of routes) {
      if (this.urlOf(r, meta) === urlPath) return this.withTree(this.images.get(urlPath)!, meta);
    }
    return null;
  }

  private withTree(image: SocialImage, meta: SiteMeta): { image: SocialImage; tree: () => CardNode } {
    return { image, tree: () => image.tree ?? drawCard(image.route, image.data, this.card, meta, this.coverage) };
  }
}
