/**
 * The site's content and the schema each file follows: one JSON file with the site's name, URL and
 * description, and every markdown file of content/articles/. Templates read them through useSite().
 */
import { collection, type ContentOf, type Entry } from 'skerry';
import { z } from 'zod';

const SiteInfo = z.object({
  name: z.string().min(1),
  url: z.url(),
  description: z.string().min(1),
  language: z.string().default('en'),
});

/** yyyy-MM-dd, as written (the engine reads YAML dates as text). */
const IsoDate = z.iso.date();

const ArticleFrontMatter = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  date: IsoDate,
});

export const collections = {
  site: collection.file('site.json', SiteInfo),
  /** Newest first. */
  articles: collection.list('articles', ArticleFrontMatter, { sort: (a, b) => b.date.localeCompare(a.date) }),
};

export type Content = ContentOf<typeof collections>;
export type Article = Entry<z.infer<typeof ArticleFrontMatter>>;
