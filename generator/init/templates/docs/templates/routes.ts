/**
 * Every page of the docs, one row each: the home page, one page per doc at /docs/<section>/<page>, and
 * the page for an address the site does not have. The sitemap, canonical URLs and breadcrumbs read it.
 * Pure: content in, routes out.
 */
import { fileForPath, type Route } from 'skerry';
import { sectionOf, type Content, type Doc } from './collections.ts';

export type SiteRoute = Route<Doc> & { template: 'home' | 'doc' | 'not-found' };

export const docPath = (doc: { slug: string }) => `/docs/${doc.slug}`;

export function buildRoutes({ site, docs }: Content): SiteRoute[] {
  const home: SiteRoute = {
    path: '/',
    file: fileForPath('/'),
    template: 'home',
    title: site.name,
    description: site.description,
    indexable: true,
    breadcrumbs: [],
    ogType: 'website',
  };
  const pages = docs.map((doc): SiteRoute => {
    const section = site.sections.find((s) => s.slug === sectionOf(doc));
    if (!section) throw new Error(`${doc.file} is in the folder "${sectionOf(doc)}", which content/site.json's sections do not name`);
    const first = docs.find((d) => sectionOf(d) === section.slug)!;
    return {
      path: docPath(doc),
      file: fileForPath(docPath(doc)),
      template: 'doc',
      title: `${doc.title} | ${site.name}`,
      description: doc.description,
      indexable: true,
      breadcrumbs: [
        { name: 'Docs', path: '/' },
        { name: section.title, path: docPath(first) },
        { name: doc.title, path: docPath(doc) },
      ],
      ogType: 'article',
      entry: doc,
    };
  });
  const notFound: SiteRoute = {
    path: '/404',
    file: '404.html',
    template: 'not-found',
    title: `Page not found | ${site.name}`,
    description: `The page you asked for is not in the ${site.name} docs.`,
    indexable: false,
    breadcrumbs: [],
    ogType: 'website',
  };
  return [home, ...pages, notFound];
}
