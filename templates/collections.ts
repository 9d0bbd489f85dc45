/**
 * The site's collections: which content files exist and the schema each one
 * follows (templates/schemas.ts). Templates read them through useSite().
 */
import { collection, type ContentOf, type Doc, type Entry } from 'skerry';
import { BlogFrontMatter, LegalFrontMatter, SiteConfig, WidgetCopy, pageSchemas } from './schemas.ts';

export const collections = {
  site: collection.file('site.json', SiteConfig),
  /** Labels of the interactive widgets. */
  widgets: collection.file('widgets.json', WidgetCopy),
  pages: collection.record('pages', 'json', pageSchemas),
  /** The blog, newest first; drafts and posts dated after the build stay out of it until published. */
  posts: collection.list('blog', BlogFrontMatter, {
    sort: (a, b) => b.date.localeCompare(a.date),
    draft: 'draft',
    date: 'date',
  }),
  legal: collection.record('legal', 'markdown', { privacy: LegalFrontMatter, terms: LegalFrontMatter }),
};

export type Content = ContentOf<typeof collections>;
export type Post = Entry<BlogFrontMatter>;
export type LegalName = keyof Content['legal'];
export type LegalDoc = Doc<LegalFrontMatter>;
