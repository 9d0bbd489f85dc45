/**
 * Every page of the site, one row each: its path, output file, template and head data. The sitemap and
 * canonical URLs read it. Pure: content in, routes out.
 */
import { fileForPath, type Route } from 'skerry';
import type { Content } from './collections.ts';

export type SiteRoute = Route & { template: 'home' | 'legal' | 'not-found' };

export function buildRoutes({ site, privacy }: Content): SiteRoute[] {
  return [
    { path: '/', file: fileForPath('/'), template: 'home', title: site.name, description: site.description, indexable: true, breadcrumbs: [], ogType: 'website' },
    {
      path: '/privacy',
      file: fileForPath('/privacy'),
      template: 'legal',
      title: `${privacy.title} | ${site.name}`,
      description: privacy.description,
      indexable: true,
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: privacy.title, path: '/privacy' },
      ],
      ogType: 'website',
    },
    {
      path: '/404',
      file: '404.html',
      template: 'not-found',
      title: `Page not found | ${site.name}`,
      description: `The page you asked for is not on ${site.name}.`,
      indexable: false,
      breadcrumbs: [],
      ogType: 'website',
    },
  ];
}
