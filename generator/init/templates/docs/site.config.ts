/**
 * The docs, as the engine sees them: their collections (templates/collections.ts), the route table
 * (templates/routes.ts), the page templates and layout, the structured data of each page, and the search
 * index the Search island reads. A new page is a markdown file in a section's folder of content/docs/.
 */
import { defineConfig } from 'skerry';
import { collections, type Content } from './templates/collections.ts';
import { jsonLd } from './templates/jsonLd.ts';
import { Layout } from './templates/Layout.tsx';
import { DocPage } from './templates/pages/DocPage.tsx';
import { HomePage } from './templates/pages/HomePage.tsx';
import { NotFoundPage } from './templates/pages/NotFoundPage.tsx';
import { buildRoutes, docPath, type SiteRoute } from './templates/routes.ts';

export default defineConfig<typeof collections, SiteRoute>({
  collections,
  meta: ({ site }: Content) => ({
    name: site.name,
    url: site.url,
    language: site.language,
    // What a link to the docs shows when shared: 1200 x 630 px, in templates/static/.
    socialImage: 'social.png',
    favicon: 'favicon.svg',
  }),
  routes: buildRoutes,
  templates: { home: HomePage, doc: DocPage, 'not-found': NotFoundPage },
  layout: Layout,
  jsonLd,
  // The index the Search island queries: every doc's title, description and text.
  search: { collection: 'docs', fields: ['title', 'description', 'body'], url: docPath },
  // Docs are read, not used: their first load stays nearly script-free (the search loads when used).
  budgets: { contentTemplates: ['doc'] },
});
