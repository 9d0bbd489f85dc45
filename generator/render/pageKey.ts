/**
 * The cache key of one rendered page: the build's global key (generator,
 * templates, dependencies, config, asset URLs), the route itself (which
 * carries the entry it renders, with the hash of its source file, and the
 * metadata of the entries it shows) and the hash of every content file the
 * page read last time it rendered (trackReads; "blog/" is the metadata of
 * every entry of that list). If any of them changes, so does the key. Pure.
 */
import { listCollections, metaOf, type Collections, type ContentSnapshot } from '../content/load.ts';
import type { Entry, EntryMeta, Route } from '../site/defineConfig.ts';
import { contentHash, hashParts } from '../core/contentHash.ts';
import type { ImageManifest } from '../images/imageTypes.ts';

/**
 * An entry another page shows (related articles, an index), as what such a page can see of it: its
 * metadata. Bodies are rendered only on their own page (in a build every other entry's html is ""), so
 * fixing a typo in one article's text re-renders that article alone.
 */
const listed = (entry: Entry): Omit<EntryMeta, 'hash'> => {
  const { hash: _, ...meta } = metaOf(entry);
  return meta;
};

/** Every entry of the snapshot's list collections. */
export const allEntries = (content: ContentSnapshot, collections: Collections): Entry[] =>
  listCollections(collections).flatMap(([name]) => content.collections[name] as Entry[]);

/**
 * Digests of routes as data, without rendered markdown (the source hashes inside stand for it): the
 * route's own fields, its entry's metadata, each other entry's listed metadata. One digester per build
 * serializes each entry's metadata once instead of once per page that shows it (every article is
 * related to several others), so a warm build keys its pages sooner.
 */
export function routeDigester(entries: Iterable<Entry>): (route: Route) => string {
  const known = new Set<object>(entries);
  const metaJson = new Map<Entry, string>();
  const listedJson = new Map<Entry, string>();
  const once = (memo: Map<Entry, string>, entry: Entry, view: (e: Entry) => object) => {
    let json = memo.get(entry);
    if (json === undefined) memo.set(entry, (json = JSON.stringify(view(entry))));
    return json;
  };
  return (route) => {
    const refs: string[] = [];
    const json = JSON.stringify(route, function (this: unknown, key, value: unknown) {
      if (typeof value !== 'object' || value === null || !known.has(value)) return value;
      refs.push(this === route && key === 'entry' ? `entry ${once(metaJson, value as Entry, metaOf)}` : once(listedJson, value as Entry, listed));
      return refs.length;
    });
    return hashParts([json, ...refs]);
  };
}

/**
 * Hash of one dependency named by trackReads; unknown names never match (the page re-renders). A content
 * image's hash is its manifest entry's (images/imageTypes.ts): its bytes and its variants; an article
 * component's, its source's (componentHashes.ts).
 */
export function depHasher(
  content: ContentSnapshot,
  collections: Collections,
  routes: Route[],
  digest: (route: Route) => string,
  images: ImageManifest = {},
  components: Record<string, string> = {},
): (dep: string) => string {
  const lists = new Map(listCollections(collections).map(([name, c]) => [`${c.dir}/`, name]));
  const listHashes = new Map<string, string>();
  let routeTable: string | undefined;
  return (dep) => {
    const list = lists.get(dep);
    if (list !== undefined) {
      let hash = listHashes.get(dep);
      if (hash === undefined) listHashes.set(dep, (hash = contentHash(JSON.stringify((content.collections[list] as Entry[]).map(listed)))));
      return hash;
    }
    if (dep === 'routes') return (routeTable ??= hashParts(routes.map(digest)));
    if (Object.hasOwn(components, dep)) return components[dep]!;
    return content.hashes[dep] ?? (Object.hasOwn(images, dep) ? images[dep]!.hash : `unknown:${Math.random()}`);
  };
}

export const pageKey = (globalKey: string, digest: string, deps: readonly string[], hashOf: (dep: string) => string): string =>
  hashParts([globalKey, digest, ...deps.flatMap((d) => [d, hashOf(d)])]);
