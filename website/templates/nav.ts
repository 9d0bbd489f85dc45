/**
 * The sidebar: the guides of docs/ in sections, each with the title and description its page shows. A
 * guide this list does not name still gets its page, under "More", titled from its file name. Pure.
 */

export interface Guide {
  /** The file name in docs/ without .md. */
  slug: string;
  title: string;
  description: string;
}

export const SECTIONS: { title: string; guides: Guide[] }[] = [
  {
    title: 'Writing a site',
    guides: [
      { slug: 'authors', title: 'Components in articles', description: 'Placing React components in markdown with directives, checked and rendered at build time.' },
      { slug: 'media', title: 'Media', description: 'Responsive images from content, highlighted code, and social images drawn for every page.' },
      { slug: 'i18n', title: 'Sites in several languages', description: 'Locales, translations linked both ways, strings per language, feeds and search per locale.' },
      { slug: 'editor', title: 'The content editor', description: "site dev's editor: forms from the collections' schemas, saves checked as a build checks them." },
      { slug: 'plugins', title: 'Plugins', description: 'Hooks into the config, routes, files, structured data and checks, as the engine uses itself.' },
      { slug: 'deploy', title: 'Deploy', description: 'Publishing dist/ on a static host, the data on hosted Supabase, and builds split across machines.' },
    ],
  },
  {
    title: 'Reference',
    guides: [
      { slug: 'reference', title: 'Reference', description: 'Every config field, collection option and exported name, islands, search, the backend and budgets.' },
      { slug: 'architecture', title: 'Architecture', description: 'Where the code lives, how islands hydrate, and what the build checks.' },
      { slug: 'performance', title: 'Performance', description: 'The bench, the build cache, and the figures measured.' },
      { slug: 'contributing', title: 'Contributing', description: 'The tests, what they need, and how they mirror the source.' },
    ],
  },
];

/** "some-guide" -> "Some guide". */
const titled = (slug: string) => slug.charAt(0).toUpperCase() + slug.slice(1).replace(/[-_]+/g, ' ');

/** The sections with every guide there is: those the list names, then the others under "More". */
export function sections(slugs: readonly string[]): { title: string; guides: Guide[] }[] {
  const present = new Set(slugs);
  const named = SECTIONS.map((s) => ({ ...s, guides: s.guides.filter((g) => present.has(g.slug)) })).filter((s) => s.guides.length);
  const listed = new Set(SECTIONS.flatMap((s) => s.guides.map((g) => g.slug)));
  const more = slugs.filter((slug) => !listed.has(slug)).map((slug) => ({ slug, title: titled(slug), description: `The ${titled(slug)} guide of the engine.` }));
  return more.length ? [...named, { title: 'More', guides: more }] : named;
}

/** One guide's title and description. */
export const guide = (slug: string): Guide => SECTIONS.flatMap((s) => s.guides).find((g) => g.slug === slug) ?? sections([slug])[0]!.guides[0]!;
