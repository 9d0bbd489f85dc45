/**
 * The cache key of one rendered page: the build's global key (generator,
 * templates, dependencies, config, asset URLs), the route itself (which
 * carries its article and related articles, each with the hash of its
 * source file) and the hash of every content file the page read last time
 * it rendered (trackReads). If any of them changes, so does the key. Pure.
 */
import type { Content } from '../content/load.ts';
import type { Route } from '../routes.ts';
import { contentHash, hashParts } from './contentHash.ts';

/** The route as data, without rendered HTML (the source hashes inside stand for it). */
export const routeDigest = (route: Route): string =>
  contentHash(JSON.stringify(route, (key, value: unknown) => (key === 'html' ? undefined : value)));

/** Hash of one dependency named by trackReads; unknown names never match (the page re-renders). */
export function depHasher(content: Content, routes: Route[]): (dep: string) => string {
  let blog: string | undefined;
  let routeTable: string | undefined;
  return (dep) => {
    if (dep === 'blog/') return (blog ??= hashParts(content.posts.flatMap((p) => [p.file, p.hash])));
    if (dep === 'routes') return (routeTable ??= hashParts(routes.map(routeDigest)));
    return content.hashes[dep] ?? `unknown:${Math.random()}`;
  };
}

export const pageKey = (globalKey: string, digest: string, deps: readonly string[], hashOf: (dep: string) => string): string =>
  hashParts([globalKey, digest, ...deps.flatMap((d) => [d, hashOf(d)])]);
