/**
 * The site, as the engine sees it: its collections (templates/collections.ts), its route table
 * (templates/routes.ts), its page templates and layout, the structured data of its pages, and its feed.
 * A new page is a row in templates/routes.ts and a template in templates/pages/.
 */
import { breadcrumbList, defineConfig, rssFeed } from 'skerry';
import { collections, type Content } from './templates/collections.ts';
import { Layout } from './templates/Layout.tsx';
import { ArticlePage } from './templates/pages/ArticlePage.tsx';
import { HomePage } from './templates/pages/HomePage.tsx';
import { NotFoundPage } from './templates/pages/NotFoundPage.tsx';
import { buildRoutes, type SiteRoute } from './templates/routes.ts';

export default defineConfig<typeof collections, SiteRoute>({
  collections,
  meta: ({ site }: Content) => ({
    name: site.name,
    url: site.url,
    language: site.language,
    // What a link to the site shows when shared: 1200 x 630 px, in templates/static/.
    socialImage: 'social.png',
    favicon: 'favicon.svg',
    // Every page links the feed, for readers that follow the site.
    feed: { title: site.name, path: '/feed.xml' },
  }),
  routes: buildRoutes,
  templates: { home: HomePage, article: ArticlePage, 'not-found': NotFoundPage },
  layout: Layout,
  // A trail of two steps or more (an article: Home > its title) becomes a BreadcrumbList.
  jsonLd: (route, { url }) => {
    const trail = breadcrumbList(route, url);
    return trail ? [trail] : [];
  },
  // The newest articles as an RSS feed.
  files: (_routes, { content, url }) => ({
    'feed.xml': rssFeed({
      title: content.site.name,
      link: url('/'),
      self: url('/feed.xml'),
      description: content.site.description,
      language: content.site.language,
      items: content.articles.slice(0, 20).map((a) => ({ title: a.title, link: url(`/articles/${a.slug}`), date: a.date, description: a.description })),
    }),
  }),
  // Articles are read, not used: their first load stays nearly script-free.
  budgets: { contentTemplates: ['article'] },
});
