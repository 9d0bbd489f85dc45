/**
 * The content files a page reads while it renders. Templates get a view of
 * Content whose getters report each file they touch ("site.json",
 * "pages/home.json", "legal/terms.md", "blog/" for the list of all
 * articles, "routes" for the route table), so the build cache keys a page
 * by what it really read, not by a list someone has to keep up to date.
 * The article a page renders and its related articles travel in the route
 * itself, which the cache hashes whole.
 */
import type { Content } from '../content/load.ts';
import type { RenderContext } from '../../templates/SiteContext.ts';

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

export function trackReads(ctx: RenderContext, read: (dep: string) => void): RenderContext {
  const { content } = ctx;
  const pages = trackedRecord(content.pages, (k) => `pages/${k}.json`, read);
  const legal = trackedRecord(content.legal, (k) => `legal/${k}.md`, read);
  const tracked: Content = {
    dir: content.dir,
    get site() {
      read('site.json');
      return content.site;
    },
    get widgets() {
      read('widgets.json');
      return content.widgets;
    },
    pages,
    legal,
    get posts() {
      read('blog/');
      return content.posts;
    },
    get hashes() {
      read('*');
      return content.hashes;
    },
  };
  return {
    content: tracked,
    get routes() {
      read('routes');
      return ctx.routes;
    },
    siteUrl: ctx.siteUrl,
    asset: ctx.asset,
  };
}
