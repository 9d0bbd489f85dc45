/**
 * The cache key of one rendered page: the build's global key (generator,
 * templates, dependencies, config, asset URLs), the route itself (which
 * carries its article, with the hash of its source file, and the related
 * articles' metadata) and the hash of every content file the page read
 * last time it rendered (trackReads; "blog/" is the metadata of every
 * article). If any of them changes, so does the key. Pure.
 */
import { metaOf, type Content, type Post, type PostMeta } from '../content/load.ts';
import type { Route } from '../routes.ts';
import { contentHash, hashParts } from './contentHash.ts';

/**
 * An article another page lists (related articles, the blog index), as what such a page can see of it:
 * its metadata. Bodies are rendered only on their own page (in a build every other article's html is ""),
 * so fixing a typo in one article's text re-renders that article alone.
 */
const listed = (post: Post): Omit<PostMeta, 'hash'> => {
  const { hash: _, ...meta } = metaOf(post);
  return meta;
};

/**
 * Digests of routes as data, without rendered markdown (the source hashes inside stand for it): the
 * route's own fields, its article's metadata, each related article's listed metadata. One digester per
 * build serializes each article's metadata once instead of once per page that shows it (every article is
 * related to several others): a warm build of 4,000 pages keys them in a third of the time.
 */
export function routeDigester(): (route: Route) => string {
  const metaJson = new Map<Post, string>();
  const listedJson = new Map<Post, string>();
  const once = (memo: Map<Post, string>, post: Post, view: (p: Post) => object) => {
    let json = memo.get(post);
    if (json === undefined) memo.set(post, (json = JSON.stringify(view(post))));
    return json;
  };
  return (route) =>
    hashParts([
      JSON.stringify({ ...route, post: undefined, related: undefined }),
      route.post ? once(metaJson, route.post, metaOf) : '',
      ...(route.related ?? []).map((p) => once(listedJson, p, listed)),
    ]);
}

/** Hash of one dependency named by trackReads; unknown names never match (the page re-renders). */
export function depHasher(content: Content, routes: Route[], digest = routeDigester()): (dep: string) => string {
  let blog: string | undefined;
  let routeTable: string | undefined;
  return (dep) => {
    if (dep === 'blog/') return (blog ??= contentHash(JSON.stringify(content.posts.map(listed))));
    if (dep === 'routes') return (routeTable ??= hashParts(routes.map(digest)));
    return content.hashes[dep] ?? `unknown:${Math.random()}`;
  };
}

export const pageKey = (globalKey: string, digest: string, deps: readonly string[], hashOf: (dep: string) => string): string =>
  hashParts([globalKey, digest, ...deps.flatMap((d) => [d, hashOf(d)])]);
