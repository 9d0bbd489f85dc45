/**
 * The engine's docs, built by the engine: the repository's README.md as the home page and every guide
 * of docs/ as a page of its own (content/ links to both), with a sidebar, a search box and the links
 * between the files made the site's addresses (templates/docLinks.ts). Built with 0 broken links by
 * tests/integration/website.test.ts; `npm run docs` serves it while the docs are written.
 */
import { defineConfig } from 'skerry';
import { collections, type Content } from './templates/collections.ts';
import { docLinks } from './templates/docLinks.ts';
import { jsonLd } from './templates/jsonLd.ts';
import { Layout } from './templates/Layout.tsx';
import { guide } from './templates/nav.ts';
import { GuidePage } from './templates/pages/GuidePage.tsx';
import { HomePage } from './templates/pages/HomePage.tsx';
import { NotFoundPage } from './templates/pages/NotFoundPage.tsx';
import { buildRoutes, guidePath, type SiteRoute } from './templates/routes.ts';
import siteInfo from './content/site.json' with { type: 'json' };

export default defineConfig<typeof collections, SiteRoute>({
  collections,
  meta: ({ site }: Content) => ({ name: site.name, url: site.url, language: site.language, favicon: 'favicon.svg' }),
  routes: buildRoutes,
  templates: { home: HomePage, guide: GuidePage, 'not-found': NotFoundPage },
  layout: Layout,
  jsonLd,
  markdown: { markdownItPlugins: [[docLinks, { repository: siteInfo.repository }]] },
  // Every guide's text, found by the Search island; a result shows the guide's title.
  search: { collection: 'guides', fields: ['body'], url: (entry) => guidePath(entry.slug), result: (entry) => ({ title: guide(entry.slug).title, description: guide(entry.slug).description }) },
  // README.md and docs/ lie outside this folder: content/ links to them.
  followSymlinks: true,
});
