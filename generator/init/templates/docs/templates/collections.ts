/**
 * The docs' content and the schema each file follows: one JSON file with the site's name, URL,
 * description and sections, and every markdown file of content/docs/, a folder per section.
 */
import { collection, type ContentOf, type Entry } from 'skerry';
import { z } from 'zod';

const Section = z.object({ slug: z.string().min(1), title: z.string().min(1) });

const SiteInfo = z.object({
  name: z.string().min(1),
  url: z.url(),
  description: z.string().min(1),
  language: z.string().default('en'),
  /** The sections in the sidebar's order: each a folder of content/docs/. */
  sections: z.array(Section).min(1),
});

const DocFrontMatter = z.object({
  title: z.string().min(1),
  description: z.string().min(1),
  /** The page's place in its section. */
  order: z.number().int(),
});

export const collections = {
  site: collection.file('site.json', SiteInfo),
  /** Slugs are paths: "guides/linking". In their section's order. */
  docs: collection.list('docs', DocFrontMatter, { nested: true, sort: (a, b) => a.order - b.order }),
};

export type Content = ContentOf<typeof collections>;
export type Doc = Entry<z.infer<typeof DocFrontMatter>>;

/** A page's section: the folder it is in. */
export const sectionOf = (doc: { slug: string }) => doc.slug.split('/')[0]!;
