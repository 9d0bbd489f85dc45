/**
 * Every page of the site, one row each: its path, output file, template and head data. The sitemap,
 * canonical URLs and breadcrumbs read it. Pure: content in, routes out.
 */
import { fileForPath, type Route } from 'skerry';
import type { Article, Content } from './collections.ts';

export type SiteRoute = Route<Article> & { template: 'home' | 'article' | 'not-found' };

export function buildRoutes({ site, articles }: Content): SiteRoute[] {
  const home: SiteRoute = {
    path: '/',
    file: fileForPath('/'),
    template: 'home',
    title: site.name,
    description: site.description,
    indexable: true,
    breadcrumbs: [],
    lastmod: articles[0]?.date,
    ogType: 'website',
  };
  const pages = articles.map(
    (article): SiteRoute => ({
      path: `/articles/${article.slug}`,
      file: fileForPath(`/articles/${article.slug}`),
      template: 'article',
      title: `${article.title} | ${site.name}`,
      description: article.description,
      indexable: true,
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: article.title, path: `/articles/${article.slug}` },
      ],
      lastmod: article.date,
      ogType: 'article',
      article: { publishedTime: article.date },
      entry: article,
    }),
  );
  const notFound: SiteRoute = {
    path: '/404',
    file: '404.html',
    template: 'not-found',
    title: `Page not found | ${site.name}`,
    description: `The page you asked for is not on ${site.name}.`,
    indexable: false,
    breadcrumbs: [],
    ogType: 'website',
  };
  return [home, ...pages, notFound];
}
