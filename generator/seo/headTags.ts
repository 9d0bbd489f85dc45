/**
 * The one head builder: title, description, canonical, robots, Open Graph
 * and Twitter card tags for a route. Pure: returns tag descriptions that the
 * document shell renders.
 */
import type { I18nOptions, Route, SiteMeta } from '../site/defineConfig.ts';
import { hreflangLinks, ogLocaleAlternates } from './hreflangTags.ts';
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
  /** A multilingual site's locales: the route's locale sets og:locale, its alternates hreflang links. */
  i18n?: I18nOptions;
}

export function headTags({ route, meta: site, siteUrl, socialImage, i18n }: HeadInput): HeadTag[] {
  // A fallback page's canonical is the original it shows.
  const canonical = absoluteUrl(siteUrl, route.canonical ?? route.path);
  const locale = i18n && route.locale ? i18n.locales[route.locale] : undefined;
  const image = socialImage ? absoluteUrl(siteUrl, socialImage) : undefined;
  const meta = (attrs: Record<string, string>): HeadTag => ({ tag: 'meta', attrs });
  const tags: HeadTag[] = [
    { tag: 'title', text: route.title },
    meta({ name: 'description', content: route.description }),
  ];
  if (!route.indexable) tags.push(meta({ name: 'robots', content: 'noindex, nofollow' }));
  // A 404 page has no canonical URL of its own.
  if (route.file !== '404.html') tags.push({ tag: 'link', attrs: { rel: 'canonical', href: canonical } });
  if (i18n) for (const attrs of hreflangLinks(route, siteUrl)) tags.push({ tag: 'link', attrs: { rel: 'alternate', ...attrs } });
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
  tags.push(meta({ property: 'og:locale', content: locale ? ogLocale(locale.lang) : (site.locale ?? ogLocale(site.language)) }));
  for (const alt of locale ? ogLocaleAlternates(route) : []) tags.push(meta({ property: 'og:locale:alternate', content: alt }));
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
  const feed = locale?.feed ?? site.feed;
  if (feed) tags.push({ tag: 'link', attrs: { rel: 'alternate', type: 'application/rss+xml', title: feed.title, href: absoluteUrl(siteUrl, feed.path) } });
  return tags;
}
