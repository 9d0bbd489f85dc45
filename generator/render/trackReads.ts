/**
 * The content files a page reads while it renders. Templates get a view of
 * the content whose getters report each file they touch: a file
 * collection's file ("site.json"), each entry of a record collection
 * ("pages/home.json"), a list collection's folder ("blog/": the metadata of
 * all its entries), "routes" for the route table. The build cache keys a
 * page by what it really read, and `site dev` re-renders what read a
 * changed file, without a list someone has to keep up to date. An image a
 * page shows (useSite().image: <Image>, a markdown image) is read as its
 * path ("blog/images/chart.png"). The entry a
 * page renders and the entries it shows travel in the route itself, which
 * the cache hashes whole.
 */
import type { Collections } from '../content/load.ts';
import type { RenderContext, Route } from '../site/defineConfig.ts';

/** A record whose every key read (and key listing) reports the file behind that key. */
function trackedRecord<T extends object>(record: T, fileOf: (key: string) => string, read: (dep: string) => void): T {
  return new Proxy(record, {
    get(target, key, receiver) {
      if (typeof key === 'string' && Object.hasOwn(target, key)) read(fileOf(key));
      return Reflect.get(target, key, receiver);
    },
    ownKeys(target) {
      for (const key of Object.keys(target)) read(fileOf(key));
      return Reflect.ownKeys(target);
    },
  });
}

/** The dependency name each collection's reads report (a record's: per entry, from `fileOf`). */
export function collectionDeps(collections: Collections): Record<string, string | ((key: string) => string)> {
  return Object.fromEntries(
    Object.entries(collections).map(([name, c]) => {
      if (c.kind === 'file') return [name, c.file];
      if (c.kind === 'list') return [name, `${c.dir}/`];
      const ext = c.format === 'json' ? 'json' : 'md';
      return [name, (key: string) => `${c.dir}/${key}.${ext}`];
    }),
  );
}

export function trackReads<R extends Route>(
  ctx: RenderContext<Record<string, unknown>, R>,
  deps: Record<string, string | ((key: string) => string)>,
  read: (dep: string) => void,
): RenderContext<Record<string, unknown>, R> {
  const { content } = ctx;
  const tracked: Record<string, unknown> = {};
  for (const name of Object.keys(content)) {
    const dep = deps[name];
    if (typeof dep === 'function') tracked[name] = trackedRecord(content[name] as object, dep, read);
    else
      Object.defineProperty(tracked, name, {
        enumerable: true,
        get() {
          if (dep) read(dep);
          return content[name];
        },
      });
  }
  return {
    content: tracked,
    get routes() {
      read('routes');
      return ctx.routes;
    },
    siteUrl: ctx.siteUrl,
    asset: ctx.asset,
    // An image a page shows is one of its dependencies, named by its path (its hash: the image manifest's).
    ...(ctx.image
      ? {
          image: (src: string) => {
            const found = ctx.image!(src);
            read(src);
            return found;
          },
        }
      : {}),
  };
}
