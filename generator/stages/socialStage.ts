/**
 * The social stage: each route's social card planned (its image named by the card's key) before the pages
 * render, and the images the cache lacks drawn on card workers while they do (social/makeSocialImages.ts);
 * the socialImages stage puts them into the output. A shard draws only the images its routes own.
 * `--no-social-images` (or a site without `socialImages`) gives null: every page has the site's default image.
 */
import { ownSocialImages } from '../split/shardOwns.ts';
import { makeSocialImages, placeSocialImages, setupSocialImages, type SocialImages, type SocialSetup } from '../social/makeSocialImages.ts';
import { SocialOnDemand } from '../social/SocialOnDemand.ts';
import { defineStage } from './Stage.ts';

export interface SocialValue {
  /** Every route's image (the pages name them all). */
  setup: SocialSetup;
  /** The images this path makes (a shard's own), being drawn. */
  own: SocialSetup;
  drawing: SocialImages;
}

export const socialStage = defineStage({
  name: 'social',
  gives: 'social',
  needs: ['input', 'config', 'plan', 'run'],
  runs: 'site',
  async run({ input, config: { site, config, cache, generatorKey }, plan, run }): Promise<SocialValue | null> {
    const setup = setupSocialImages(site, plan.routes, plan.meta, config, config.socialImages, { cache, codeKey: await generatorKey });
    if (!setup) return null;
    const own = input.slice ? ownSocialImages(setup, input.slice) : setup;
    const drawing = makeSocialImages(own, cache);
    run.writing(setup.save());
    return { setup, own, drawing };
  },
  // A build that fails makes no more images, and lets those under way finish (no stray temporary file).
  async close({ social }) {
    social?.drawing.stop();
    await social?.drawing.ready.catch(() => {});
  },
});

/** The social images drawn, put into the output (linked from the cache) once the checks are done. */
export interface PlacedSocialImages {
  counts: { made: number; cached: number };
  /** Output file -> its stamp in the output, when known. */
  files: Map<string, string | undefined>;
  bytes: number;
}

export const socialImagesStage = defineStage({
  name: 'socialImages',
  gives: 'socialImages',
  needs: ['social', 'run'],
  runs: 'site',
  async run({ social, run }): Promise<PlacedSocialImages | null> {
    if (!social) return null;
    const counts = await social.drawing.ready;
    const where = placeSocialImages(social.own, social.drawing.store, run.out, run.memory);
    run.writing(social.drawing.store.save());
    return { counts, ...where };
  },
});

/**
 * The social stage as a server runs it (`site dev`): nothing planned or drawn ahead; each route's card is
 * planned when its page renders and drawn when its image is asked for (social/SocialOnDemand.ts). It reads
 * no content, so what it drew stays while the content changes; null for a site without social images.
 */
export const socialOnDemandStage = defineStage({
  name: 'social',
  gives: 'socialOnDemand',
  needs: ['config'],
  runs: 'page',
  run: ({ config: { site, config } }): SocialOnDemand | null => SocialOnDemand.open(site, config),
});
