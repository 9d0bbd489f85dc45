/**
 * The two hashes that tell whether shards and their merge were built alike. The content hash: every
 * file the content was read from (list entries and the other collections' files, by path and hash),
 * the content images named, and the route table it gave (an entry dated later that fell due between
 * two jobs changes it). The config hash: what a page's HTML depends on besides its content (the
 * engine's and the templates' code, the site URL, the assets every page links, the options). Paths
 * of folders are left out: each machine checks out and writes where it likes. Pure.
 */
import { hashParts } from '../core/contentHash.ts';
import type { ContentSnapshot } from '../content/load.ts';
import type { RenderAssets } from '../shards/ShardState.ts';
import type { SitePlan } from '../plan/planSite.ts';
import type { Entry } from '../site/defineConfig.ts';

/** `content`: as read (every list entry, drafts and later ones included); `lists`: the list collections' names. */
export function contentHash(content: ContentSnapshot, lists: readonly string[], plan: SitePlan): string {
  const files = Object.entries(content.hashes).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const entries = lists.flatMap((name) => (content.collections[name] as Entry[]).map((e) => `${e.file}:${e.hash}`));
  return hashParts([
    'content',
    JSON.stringify(files),
    ...entries,
    JSON.stringify(plan.images.map((i) => i.src)),
    JSON.stringify(plan.routes.map((r) => [r.path, r.file])),
  ]);
}

export interface ConfigParts {
  generatorKey: string;
  siteUrl: string;
  /** What every page links: the stylesheet, the scripts, the CSP, the static files' URLs. */
  assets: RenderAssets;
  drafts: boolean;
  future: boolean;
  socialImages: boolean;
}

export function configHash({ generatorKey, ...options }: ConfigParts): string {
  return hashParts(['config', generatorKey, JSON.stringify(options)]);
}
