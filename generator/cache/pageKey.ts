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

/** The route as data, without rendered markdown (the source hashes inside stand for it). */
export const routeDigest = (route: Route): string =>
  contentHash(JSON.stringify({ ...route, post: route.post && metaOf(route.post), related: route.related?.map(listed) }));

/** Hash of one dependency named by trackReads; unknown names never match (the page re-renders). */
export function depHasher(content: Content, routes: Route[]): (dep: string) => string {
  let blog: string | undefined;
  let routeTable: string | undefined;
  return (dep) => {
    if (dep === 'blog/') return (blog ??= contentHash(JSON.stringify(content.posts.map(listed))));
    if (dep === 'routes') return (routeTable ??= hashParts(routes.map(routeDigest)));
    return content.hashes[dep] ?? `unknown:${Math.random()}`;
  };
}

export const pageKey = (globalKey: string, digest: string, deps: readonly string[], hashOf: (dep: string) => string): string =>
  hashParts([globalKey, digest, ...deps.flatMap((d) => [d, hashOf(d)])]);
