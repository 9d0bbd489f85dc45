/**
 * Structured data per page, from what the page shows: the home page is a WebSite, a doc a TechArticle
 * (what search engines show for documentation); every page with a trail carries its BreadcrumbList. Pure.
 */
import type { TechArticle, Thing, WebSite, WithContext } from 'schema-dts';
import { breadcrumbList, type PageTools } from 'skerry';
import type { Content } from './collections.ts';
import type { SiteRoute } from './routes.ts';

export function jsonLd(route: SiteRoute, { content, url }: PageTools<Content>): WithContext<Thing>[] {
  const { site } = content;
  const blocks: WithContext<Thing>[] = [];
  if (route.template === 'home') {
    const website: WithContext<WebSite> = { '@context': 'https://schema.org', '@type': 'WebSite', name: site.name, url: url('/'), description: site.description, inLanguage: site.language };
    blocks.push(website);
  }
  const doc = route.entry;
  if (doc) {
    const article: WithContext<TechArticle> = {
      '@context': 'https://schema.org',
      '@type': 'TechArticle',
      headline: doc.title,
      description: doc.description,
      inLanguage: site.language,
      author: { '@type': 'Organization', name: site.name, url: url('/') },
      url: url(route.path),
    };
    blocks.push(article);
  }
  const trail = breadcrumbList(route, url);
  if (trail) blocks.push(trail);
  return blocks;
}
