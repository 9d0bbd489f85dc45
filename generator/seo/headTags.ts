/**
 * The one head builder: title, description, canonical, robots, Open Graph
 * and Twitter card tags for a route. Pure: returns tag descriptions that the
 * document shell renders.
 */
import type { Route, SiteMeta } from '../site/defineConfig.ts';
import { absoluteUrl } from './absoluteUrl.ts';
import { ogLocale } from './ogLocale.ts';

export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> };

export interface HeadInput {
  route: Route;
  meta: SiteMeta;
  siteUrl: string;
  /** Absolute or root-relative URL of the social image, if the site has one. */
  socialImage?: string;
}

export function headTags({ route, meta: site, siteUrl, socialImage }: HeadInput): HeadTag[] {
  const canonical = absoluteUrl(siteUrl, route.path);
  const image = socialImage ? absoluteUrl(siteUrl, socialImage) : undefined;
  const meta = (attrs: Record<string, string>): HeadTag => ({ tag: 'meta', attrs });
  const tags: HeadTag[] = [
    { tag: 'title', text: route.title },
    meta({ name: 'description', content: route.description }),
  ];
  if (!route.indexable) tags.push(meta({ name: 'robots', content: 'noindex, nofollow' }));
  // A 404 page has no canonical URL of its own.
  if (route.file !== '404.html') tags.push({ tag: 'link', attrs: { rel: 'canonical', href: canonical } });
  tags.push(
    meta({ property: 'og:type', content: route.ogType }),
    meta({ property: 'og:site_name', content: site.name }),
    meta({ property: 'og:title', content: route.title }),
    meta({ property: 'og:description', content: route.description }),
    meta({ property: 'og:url', content: canonical }),
  );
  if (image) {
    tags.push(
      meta({ property: 'og:image', content: image }),
      meta({ property: 'og:image:width', content: '1200' }),
      meta({ property: 'og:image:height', content: '630' }),
    );
  }
  tags.push(meta({ property: 'og:locale', content: site.locale ?? ogLocale(site.language) }));
  if (route.article) {
    tags.push(meta({ property: 'article:published_time', content: route.article.publishedTime }));
    if (route.article.section) tags.push(meta({ property: 'article:section', content: route.article.section }));
  }
  tags.push(
    meta({ name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' }),
    meta({ name: 'twitter:title', content: route.title }),
    meta({ name: 'twitter:description', content: route.description }),
  );
  if (image) tags.push(meta({ name: 'twitter:image', content: image }));
  if (site.feed) tags.push({ tag: 'link', attrs: { rel: 'alternate', type: 'application/rss+xml', title: site.feed.title, href: absoluteUrl(siteUrl, site.feed.path) } });
  return tags;
}
