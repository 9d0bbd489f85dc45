/**
 * Which files besides its pages a shard writes. A content image belongs to the route of the entry that
 * names it first (the shard that renders that entry's page), or, when no entry's page names it (a page
 * of the site's own files), to the shard its path hashes to; a social image belongs to the first route
 * that shows it. Each file has one owner, so the shards' folders join without a clash. Pure.
 */
import type { NamedImage } from '../images/namedImages.ts';
import type { SitePlan } from '../plan/planSite.ts';
import type { SocialSetup } from '../social/makeSocialImages.ts';
import { shardOf, type Shard } from './shardOf.ts';

/** The content images `shard` encodes and writes (`mine`), and those other shards do. */
export function ownImages(plan: SitePlan, shard: Shard): { mine: NamedImage[]; others: NamedImage[] } {
  const routeOf = new Map<string, string>();
  for (const r of plan.routes) if (r.entry && !routeOf.has(r.entry.file)) routeOf.set(r.entry.file, r.path);
  const mine: NamedImage[] = [];
  const others: NamedImage[] = [];
  for (const ref of plan.images) (shardOf(routeOf.get(ref.file) ?? ref.src, shard.count) === shard.index ? mine : others).push(ref);
  return { mine, others };
}

/** The social images `shard` makes: those whose first route is its own. */
export function ownSocialImages(setup: SocialSetup, shard: Shard): SocialSetup {
  return { ...setup, plan: { ...setup.plan, images: setup.plan.images.filter((i) => shardOf(i.route, shard.count) === shard.index) } };
}
