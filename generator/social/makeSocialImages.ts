/**
 * The social images of a build: planned from the route table before the pages render (a page names its
 * image by key, so it needs no finished PNG), made while the pages render (in worker threads, one per core:
 * CardPool.ts), and put into the output before it goes in
 * place. An image the cache holds is not made again. `--no-social-images` skips all of it: every page
 * then has the site's default image.
 */
import type { BuildCache } from '../cache/BuildCache.ts';
import { Pack } from '../cache/Pack.ts';
import { hashParts } from '../core/contentHash.ts';
import { SiteError } from '../core/errors.ts';
import { siteSource } from '../core/siteSource.ts';
import type { Route, SiteMeta } from '../site/defineConfig.ts';
import type { AnySite } from '../site/loadSite.ts';
import type { OutputDir, OutputFiles } from '../output/writeOutput.ts';
import { CARDS_IN_FLIGHT, CardPool } from './CardPool.ts';
import { socialRenderer } from './drawSocialImage.ts';
import type { CardNode } from './cardTree.ts';
import { drawCard, planSocialImages, type SocialImage, type SocialPlan } from './planSocialImages.ts';
import { loadSocialFonts, type LoadedFont } from './socialFonts.ts';
import { SocialImageStore } from './SocialImageStore.ts';

export interface SocialSetup {
  plan: SocialPlan;
  fonts: LoadedFont[];
  /** Part of the build's global key: fonts and renderer (the cards themselves are in the templates' key). */
  key: string;
  /** The card of an image planned without drawing it (its key was known). */
  tree: (image: SocialImage) => CardNode;
  /** Writes what the next build of the same code needs to plan without drawing (with a cache). */
  save: () => Promise<void>;
}

/** What the build's global key gets when no image is made. */
export const NO_SOCIAL_IMAGES = 'social-images:off';

/** The pack of card data -> image key, valid for one version of the code, fonts and site meta. */
const KEYS_PACK = 'social-keys';

/**
 * The plan, or null when the site has no social images or the build is told not to make them. With a
 * cache and `codeKey` (the generator's and templates' key), the image keys of a build of the same code
 * are looked up instead of drawing every card again.
 */
export function setupSocialImages(
  site: AnySite,
  routes: readonly Route[],
  meta: SiteMeta,
  dirs: { root: string; templatesDir: string },
  enabled: boolean,
  remember?: { cache: BuildCache; codeKey: string },
): SocialSetup | null {
  if (!enabled || !site.socialImages) return null;
  const { card } = site.socialImages;
  const { fonts, key: fontsKey, coverage } = loadSocialFonts(site.socialImages.fonts, dirs.root, dirs.templatesDir);
  const renderer = socialRenderer();
  const packKey = remember ? hashParts([remember.codeKey, fontsKey, renderer, JSON.stringify(meta)]) : '';
  const pack = remember ? Pack.open<string>(remember.cache, KEYS_PACK, packKey) : null;
  const plan = planSocialImages(routes, card, meta, { key: fontsKey, coverage }, renderer, pack?.entries ?? {});
  return {
    plan,
    fonts,
    key: hashParts(['social-images', fontsKey, renderer]),
    tree: (image) => image.tree ?? drawCard(image.route, image.data, card, meta, coverage),
    save: () => pack?.save(plan.keys) ?? Promise.resolve(),
  };
}

export interface SocialImages {
  store: SocialImageStore;
  /** Settles when every image is stored: how many were made, how many the cache held. */
  ready: Promise<{ made: number; cached: number }>;
  /** Starts no further image (a build that failed): `ready` then settles once those under way are stored. */
  stop(): void;
}

/** Starts making the images the cache lacks, on `workers` card workers (by default one per core); returns at once. */
export function makeSocialImages(setup: SocialSetup, cache: BuildCache, workers?: number): SocialImages {
  const store = new SocialImageStore(cache);
  const missing = setup.plan.images.filter((image) => !store.has(image.key));
  const cached = setup.plan.images.length - missing.length;
  let stopped = false;
  const ready = (async () => {
    if (!missing.length) return { made: 0, cached };
    const pool = new CardPool(setup.fonts, workers ?? CardPool.workersFor(missing.length));
    let next = 0;
    // Each lane keeps one card in flight on its worker; the main thread only hashes and stores the PNGs.
    const lane = async (n: number) => {
      for (let i = next++; i < missing.length && !stopped; i = next++) {
        const image = missing[i]!;
        let png: Buffer;
        try {
          png = (await pool.draw(n, setup.tree(image))).png;
        } catch (e) {
          stopped = true;
          if (e instanceof SiteError) throw e;
          throw new SiteError('SocialCardFailed', { route: image.route, reason: e instanceof Error ? e.message.replace(/\.$/, '') : String(e), ...siteSource(e) });
        }
        store.put(image.key, png);
      }
    };
    const lanes = Math.min(missing.length, CARDS_IN_FLIGHT * pool.size);
    // Every lane settles before `ready` does (nothing is stored after a failed build has ended); the first error wins.
    const settled = await Promise.allSettled(Array.from({ length: lanes }, (_, n) => lane(n)));
    pool.close();
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
    return { made: missing.length, cached };
  })();
  ready.catch(() => {});
  return { store, ready, stop: () => void (stopped = true) };
}

/**
 * Puts every image of the plan into the output (links to the cache) or `memory`. Returns each file with
 * its stamp in the output when known (a link shares the stored file's), and the bytes in all.
 */
export function placeSocialImages(setup: SocialSetup, store: SocialImageStore, out: OutputDir | null, memory: OutputFiles): { files: Map<string, string | undefined>; bytes: number } {
  const files = new Map<string, string | undefined>();
  let bytes = 0;
  for (const { key, file } of setup.plan.images) {
    const stamp = store.stamp(key);
    // A stamp is inode:size:mtime; an image held in memory (no cache folder) has none.
    bytes += stamp ? Number(stamp.split(':')[1]) : store.bytes(key).byteLength;
    if (!out) {
      memory.set(file, store.bytes(key));
      files.set(file, undefined);
      continue;
    }
    if (out.holds(file, stamp)) {
      files.set(file, stamp);
      continue;
    }
    const linked = store.place(key, out.pathFor(file));
    files.set(file, linked ? stamp : undefined);
  }
  return { files, bytes };
}
