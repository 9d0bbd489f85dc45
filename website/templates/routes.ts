/**
 * Every page of the docs site: the README at /, each guide of docs/ at /<name>, and the page for an
 * address the site does not have. Pure: content in, routes out.
 */
import { fileForPath, type Route } from 'skerry';
import type { Content, GuideEntry } from './collections.ts';
import { guide } from './nav.ts';

export type SiteRoute = Route<GuideEntry> & { template: 'home' | 'guide' | 'not-found' };

export const guidePath = (slug: string) => `/${slug}`;

export function buildRoutes({ site, guides }: Content): SiteRoute[] {
  const home: SiteRoute = { path: '/', file: fileForPath('/'), template: 'home', title: `${site.name}: the static-site generator`, description: site.description, indexable: true, breadcrumbs: [], ogType: 'website' };
  const pages = guides.map((entry): SiteRoute => {
    const { title, description } = guide(entry.slug);
    return {
      path: guidePath(entry.slug),
      file: fileForPath(guidePath(entry.slug)),
      template: 'guide',
      title: `${title} | ${site.name}`,
      description,
      indexable: true,
      breadcrumbs: [
        { name: site.name, path: '/' },
        { name: title, path: guidePath(entry.slug) },
      ],
      ogType: 'article',
      entry,
    };
  });
  const notFound: SiteRoute = { path: '/404', file: '404.html', template: 'not-found', title: `Page not found | ${site.name}`, description: `There is no such page in the ${site.name} docs.`, indexable: false, breadcrumbs: [], ogType: 'website' };
  return [home, ...pages, notFound];
}
