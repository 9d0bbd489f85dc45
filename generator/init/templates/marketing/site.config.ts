/**
 * The site, as the engine sees it: its collections (templates/collections.ts), its route table
 * (templates/routes.ts), its page templates and layout, and the structured data of its pages. The
 * sign-up form's data lives in the backend (supabase/): `site dev` runs it locally; a production build
 * reads SITE_SUPABASE_URL and SITE_SUPABASE_ANON_KEY (README.md).
 */
import { defineConfig } from 'skerry';
import { collections, type Content } from './templates/collections.ts';
import { jsonLd } from './templates/jsonLd.ts';
import { Layout } from './templates/Layout.tsx';
import { HomePage } from './templates/pages/HomePage.tsx';
import { LegalPage } from './templates/pages/LegalPage.tsx';
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
  templates: { home: HomePage, legal: LegalPage, 'not-found': NotFoundPage },
  layout: Layout,
  jsonLd,
  // The privacy page is read, not used: its first load stays nearly script-free.
  budgets: { contentTemplates: ['legal'] },
});
