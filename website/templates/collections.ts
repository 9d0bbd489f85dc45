/**
 * What the docs site reads: the repository's README.md (the home page) and every guide of docs/,
 * through content/'s links to them, as the markdown GitHub shows (no front matter: titles and
 * descriptions are the sidebar's, templates/nav.ts); and content/site.json, the site's own data.
 */
import { collection, type ContentOf, type Entry } from 'skerry';
import { z } from 'zod';

const SiteInfo = z.object({
  name: z.string().min(1),
  url: z.url(),
  description: z.string().min(1),
  language: z.string(),
  repository: z.url(),
});

export const collections = {
  site: collection.file('site.json', SiteInfo),
  readme: collection.file('README.md', z.object({})),
  guides: collection.list('docs', z.object({})),
};

export type Content = ContentOf<typeof collections>;
export type GuideEntry = Entry<Record<never, never>>;
