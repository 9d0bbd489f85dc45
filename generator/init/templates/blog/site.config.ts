/**
 * The site, as the engine sees it: its collections (templates/collections.ts), its route table
 * (templates/routes.ts), its page templates and layout, and the structured data of its pages.
 * A new page is a row in templates/routes.ts and a template in templates/pages/.
 */
import { breadcrumbList, defineConfig } from 'site';
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
  }),
  routes: buildRoutes,
  templates: { home: HomePage, article: ArticlePage, 'not-found': NotFoundPage },
  layout: Layout,
  // A trail of two steps or more (an article: Home > its title) becomes a BreadcrumbList.
  jsonLd: (route, { url }) => {
    const trail = breadcrumbList(route, url);
    return trail ? [trail] : [];
  },
  // Articles are read, not used: their first load stays nearly script-free.
  budgets: { contentTemplates: ['article'] },
});
