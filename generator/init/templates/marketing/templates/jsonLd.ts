/**
 * Structured data per page: the home page names the organization and the site (what search engines
 * show as its name); every page with a trail carries its BreadcrumbList. Pure.
 */
import type { Organization, Thing, WebSite, WithContext } from 'schema-dts';
import { breadcrumbList, type PageTools } from 'skerry';
import type { Content } from './collections.ts';
import type { SiteRoute } from './routes.ts';

export function jsonLd(route: SiteRoute, { content, url }: PageTools<Content>): WithContext<Thing>[] {
  const { site } = content;
  const blocks: WithContext<Thing>[] = [];
  if (route.template === 'home') {
    const organization: WithContext<Organization> = { '@context': 'https://schema.org', '@type': 'Organization', name: site.name, url: url('/'), email: site.email };
    const website: WithContext<WebSite> = { '@context': 'https://schema.org', '@type': 'WebSite', name: site.name, url: url('/'), description: site.description, inLanguage: site.language };
    blocks.push(organization, website);
  }
  const trail = breadcrumbList(route, url);
  if (trail) blocks.push(trail);
  return blocks;
}
