/**
 * This site, as the engine sees it: its collections, its route table, its
 * templates, the head data and structured data of its pages, its extra
 * files and the origins its pages may load from. A new page is a row in
 * templates/routes.ts, a template in templates/pages/ and its content file.
 */
import { defineConfig } from 'skerry';
import { collections, type Content } from './templates/collections.ts';
import { Layout } from './templates/Layout.tsx';
import { pageTemplates } from './templates/pages/index.ts';
import { buildRoutes, type SiteRoute } from './templates/routes.ts';
import { feed } from './templates/seo/feed.ts';
import { jsonLd } from './templates/seo/jsonLd.ts';
import { llmsTxt } from './templates/seo/llmsTxt.ts';
import { SocialCard } from './templates/social/SocialCard.tsx';

/** Google Analytics, only ever contacted after consent (widgets/islands/CookieBanner). */
const ANALYTICS = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  img: ['https://www.googletagmanager.com', 'https://*.google-analytics.com'],
};

export default defineConfig<typeof collections, SiteRoute>({
  collections,
  meta: ({ site }: Content) => ({
    name: site.name,
    url: site.url,
    language: site.language,
    socialImage: site.socialImage,
    favicon: site.favicon,
    feed: { title: `${site.name} Blog`, path: '/feed.xml' },
  }),
  routes: buildRoutes,
  templates: pageTemplates,
  layout: Layout,
  jsonLd,
  files: (routes, tools) => ({ 'feed.xml': feed(tools), 'llms.txt': llmsTxt(routes, tools) }),
  csp: ({ site }: Content) => ({
    'script-src': ANALYTICS.script,
    'img-src': ANALYTICS.img,
    'connect-src': ANALYTICS.connect,
    'frame-src': [new URL(site.demoVideoUrl).origin],
  }),
  // Articles and legal texts are read, not used: their first load stays nearly script-free.
  budgets: { contentTemplates: ['article', 'legal'] },
  // No island subscribes to Realtime or stores files: inert stand-ins keep supabase-js within budget.
  // /blog?q= searches every article (widgets/islands/BlogSearch.ts) through this index, with no server.
  search: { collection: 'posts', fields: ['title', 'description', 'body'], url: (post) => `/blog/${post.slug}` },
  // Every article has a card of its own (templates/routes.ts gives its route socialImage); other pages the default.
  socialImages: {
    card: SocialCard,
    fonts: [
      { file: 'templates/fonts/inter-latin-400-normal.woff', name: 'Inter', weight: 400 },
      { file: 'templates/fonts/inter-latin-700-normal.woff', name: 'Inter', weight: 700 },
    ],
  },
  widgetAliases: {
    '@supabase/realtime-js': 'widgets/lib/stubs/realtime.ts',
    '@supabase/storage-js': 'widgets/lib/stubs/storage.ts',
  },
});
