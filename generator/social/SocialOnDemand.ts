/**
 * Social images planned and drawn when asked for, for a server that renders a few pages of thousands
 * (`site dev`): a route's card is planned (planSocialImages.ts, as a build plans every route) when its page
 * renders, each card's key kept by its data, and a card is drawn on this thread (drawSocialImage.ts, the
 * card workers' own code) when its image is asked for, once until its data changes. A request for an image
 * no rendered page named yet plans every route to find it.
 */
import type { Route, SiteMeta, SocialImagesOptions } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import { cardDrawer, socialRenderer, type DrawCard } from './drawSocialImage.ts';
import type { CardNode } from './cardTree.ts';
import { drawCard, planSocialImages, type SocialImage } from './planSocialImages.ts';
import { loadSocialFonts, type LoadedFont } from './socialFonts.ts';

export class SocialOnDemand {
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
  static open(site: AnySite, dirs: { root: string; templatesDir: string }): SocialOnDemand | null {
    if (!site.socialImages) return null;
    const { fonts, key, coverage } = loadSocialFonts(site.socialImages.fonts, dirs.root, dirs.templatesDir);
    return new SocialOnDemand(site.socialImages.card, fonts, key, coverage);
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

  /** Images drawn so far, by key (a card drawn once is served again until its data changes). */
  private readonly drawn = new Map<string, Promise<Buffer>>();
  private drawer?: Promise<DrawCard>;

  /** The PNG at `urlPath` if a route of `routes` names it now, drawn now unless it was before; null if none does. */
  async image(urlPath: string, routes: readonly Route[], byPath: ReadonlyMap<string, Route>, meta: SiteMeta): Promise<Buffer | null> {
    const found = this.find(urlPath, routes, byPath, meta);
    if (!found) return null;
    let png = this.drawn.get(found.image.key);
    if (!png) {
      this.drawer ??= cardDrawer(this.fonts);
      png = this.drawer.then((draw) => draw(found.tree()));
      this.drawn.set(found.image.key, png);
      png.catch(() => this.drawn.delete(found.image.key));
    }
    return png;
  }
}
