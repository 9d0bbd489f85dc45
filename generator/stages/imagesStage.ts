/**
 * The images stage, after the plan and before pages render: the content images the plan names, hashed,
 * encoded where the build cache lacks them (images/contentImages.ts), and the manifest every page's
 * `<picture>` is made from. A shard encodes only the images its routes own (split/shardOwns.ts), and
 * names the variants of the others from their sources (split/planImages.ts).
 */
import { contentImages, type ContentImagesResult } from '../images/contentImages.ts';
import type { ImageManifest } from '../images/imageTypes.ts';
import { planImages } from '../split/planImages.ts';
import { ownImages } from '../split/shardOwns.ts';
import { defineStage } from './Stage.ts';

export interface ImagesValue extends ContentImagesResult {
  /** Every image the plan names (a shard's own and the others'), by source, sorted. */
  manifest: ImageManifest;
  /** How many the plan names (a shard's own only). */
  named: number;
}

export const imagesStage = defineStage({
  name: 'images',
  gives: 'images',
  needs: ['input', 'config', 'plan', 'run'],
  runs: 'site',
  async run({ input, config: { config, site, cache, links }, plan, run }): Promise<ImagesValue> {
    const owned = input.slice ? ownImages(plan, input.slice) : { mine: plan.images, others: [] };
    const result = await contentImages({ contentDir: config.contentDir, cache, refs: owned.mine, options: site.images, links });
    run.writing(result.saved);
    for (const w of result.warnings) config.log(`Warning: ${w}.`);
    if (!owned.others.length) return { ...result, named: owned.mine.length };
    const others = await planImages(owned.others, config.contentDir, site.images);
    const manifest = Object.fromEntries(Object.entries({ ...result.manifest, ...others }).sort(([a], [b]) => a.localeCompare(b)));
    return { ...result, manifest, named: owned.mine.length };
  },
});
