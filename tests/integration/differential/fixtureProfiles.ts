/**
 * What the differential test knows of each fixture site (tests/fixtures/): where its list entries live
 * and how a new one is written, which front matter fields an edit may change, which text of its templates,
 * components and strings files an edit may toggle, and what a build needs that git does not hold (images
 * drawn, a font copied). Each site's entries are written to its own schema, so every case builds. Pure.
 */
import type { Change } from './changes.ts';
import type { Random } from './random.ts';

export interface EntryOptions {
  /** Held back without `--drafts` (only where `heldBack`). */
  draft?: boolean;
  /** Dated after every build (only where `heldBack`): held back without `--future`. */
  future?: boolean;
  /** Old paths of the entry's page, each redirected to it (only where `aliases`). */
  aliases?: string[];
}

/** Text of a template, component or strings file that an edit swaps for another and back. */
export interface Toggle {
  file: string;
  a: string;
  b: string;
}

export interface FixtureProfile {
  fixture: string;
  /** What a build of the fixture needs besides its files in git: images drawn, a font copied. */
  inputs: Change[];
  /** The list collection cases add to and edits change (relative to the site's folder). */
  entriesDir: string;
  /** The subfolders new entries go into (a nested list's sections); [''] for a flat list. */
  folders: string[];
  /** Its entries have `draft` and a `date` the build holds back when later than now. */
  heldBack: boolean;
  /** Its entries may have `aliases`. */
  aliases: boolean;
  /** Locales besides the default one (`<slug>.<code>.md` beside `<slug>.md`). */
  locales: string[];
  /**
   * How many entries a seeded case adds (named `written-<n>-…`, after the fixture's own): a list's first 20
   * files are read, and their pages rendered, by the main thread's shard, the others by worker threads.
   */
  bulk: [number, number];
  /** What else a seeded case changes in the site (its route table, say). */
  variant: Change[];
  /** A new entry, the `n`th a case writes. */
  entry(r: Random, n: number, options: EntryOptions): string;
  /** A front matter edit of any entry: the field and its new YAML value. */
  field(r: Random): { field: string; value: string };
  /** A paragraph appended to an entry's body, in the site's markdown. */
  paragraph(r: Random): string;
  templates: Toggle[];
  components: Toggle[];
  strings: Toggle[];
  /** A page every case has: the target of a redirect in the config. */
  stablePath: string;
}

const WORDS = 'map trail river ridge valley forest meadow summit lake harbour bridge tower village garden orchard field canyon delta glacier island'.split(' ');

const words = (r: Random, n: number) => Array.from({ length: n }, () => r.pick(WORDS)).join(' ');
const sentence = (r: Random) => {
  const s = words(r, r.int(5, 11));
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
};
const prose = (r: Random, sentences: number) => Array.from({ length: sentences }, () => sentence(r)).join(' ');
const title = (r: Random, n: number) => `Note ${n}: the ${words(r, 2)}`;
const q = (s: string) => JSON.stringify(s);
const frontMatter = (fields: Record<string, string | undefined>, extra = '') =>
  `---\n${Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}\n${extra}---\n\n`;
const pastDate = (r: Random) => `2025-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
const futureDate = (r: Random) => `2099-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`;
const section = (r: Random, links: string[]) => `## The ${words(r, 2)}\n\n${prose(r, r.int(2, 4))} See [more](${r.pick(links)}).`;
const aliasLines = (aliases?: string[]) => (aliases?.length ? `aliases:\n${aliases.map((a) => `  - ${a}`).join('\n')}\n` : '');

const drawn = (file: string, width: number, height: number, color: string, format: 'png' | 'jpeg' = 'png'): Change => ({ kind: 'image', file, width, height, color, format });
const INTER = 'tests/fixtures/image-site/templates/fonts/inter-latin-700-normal.woff';

const blog: FixtureProfile = {
  fixture: 'blog-site',
  inputs: [],
  entriesDir: 'content/blog',
  folders: [''],
  heldBack: true,
  aliases: true,
  locales: [],
  bulk: [15, 18],
  // A post added by the case has a social card of its own one time in three; the others show the site's image.
  variant: [
    {
      kind: 'toggle',
      file: 'templates/routes.ts',
      a: 'socialImage: { title: post.title, eyebrow: post.category },',
      b: "...(post.slug.startsWith('written-') && !post.slug.endsWith('-a') ? {} : { socialImage: { title: post.title, eyebrow: post.category } }),",
    },
  ],
  entry: (r, n, o) =>
    frontMatter(
      {
        title: q(title(r, n)),
        description: q(prose(r, 1)),
        date: q(o.future ? futureDate(r) : pastDate(r)),
        readTime: q(`${r.int(2, 9)} min read`),
        category: q(r.pick(['Opinion', 'Comparisons', 'Tools'])),
        author: q('The Quill Team'),
        draft: o.draft ? 'true' : undefined,
      },
      aliasLines(o.aliases),
    ) + `${section(r, ['/pricing', '/blog', '/enterprise'])}\n\n${r.chance(0.3) ? '```ts\nexport const notes = await draft({ since: "v1.0.0" });\n```\n' : ''}`,
  field: (r) => r.pick([{ field: 'title', value: q(`Edited: ${words(r, 3)}`) }, { field: 'description', value: q(prose(r, 1)) }, { field: 'category', value: q(r.pick(['Opinion', 'Comparisons', 'Tools'])) }]),
  paragraph: (r) => (r.chance(0.5) ? prose(r, 2) : `- ${sentence(r)}\n- **${words(r, 2)}** and [the blog](/blog)`),
  templates: [
    { file: 'templates/pages.tsx', a: 'aria-label="Related posts"', b: 'aria-label="More posts"' },
    { file: 'templates/Layout.tsx', a: '<main', b: '<main data-edited="yes"' },
  ],
  components: [],
  strings: [],
  stablePath: '/pricing',
};

const components: FixtureProfile = {
  fixture: 'components-site',
  inputs: [],
  entriesDir: 'content/posts',
  folders: [''],
  heldBack: false,
  aliases: false,
  locales: [],
  bulk: [18, 24],
  variant: [],
  entry: (r, n) => frontMatter({ title: q(title(r, n)), description: q(prose(r, 1)) }) + `${prose(r, 2)}\n\n${componentsParagraph(r)}\n`,
  field: (r) => r.pick([{ field: 'title', value: q(`Edited: ${words(r, 3)}`) }, { field: 'description', value: q(prose(r, 1)) }]),
  paragraph: (r) => (r.chance(0.6) ? componentsParagraph(r) : prose(r, 2)),
  templates: [{ file: 'templates/pages.tsx', a: 'Go to <a href="/">the home page</a>.', b: 'Back to <a href="/">the home page</a>.' }],
  components: [
    { file: 'components/Callout.tsx', a: "'Warning' : 'Note'", b: "'Caution' : 'Note'" },
    { file: 'components/Tally.tsx', a: '<figure className="tally">', b: '<figure className="tally counted">' },
  ],
  strings: [],
  stablePath: '/',
};

function componentsParagraph(r: Random): string {
  return r.chance(0.5) ? `:::callout{type="${r.pick(['note', 'warning'])}"}\n${prose(r, 1)} **${words(r, 1)}**\n:::` : `::tally{label="${words(r, 1)}" start=${r.int(0, 9)}}`;
}

const DOC_LINKS = ['/docs/guides/caching', '/docs/getting-started/installation', '/docs/reference/commands'];
const docs: FixtureProfile = {
  fixture: 'docs-site',
  inputs: [],
  entriesDir: 'content/docs',
  folders: ['getting-started', 'guides', 'reference'],
  heldBack: false,
  aliases: false,
  locales: [],
  bulk: [12, 18],
  variant: [],
  entry: (r, n) => frontMatter({ title: q(title(r, n)), description: q(prose(r, 1).slice(0, 150)), order: String(r.int(1, 30)) }) + `${prose(r, 1)}\n\n${section(r, DOC_LINKS)}\n\n${section(r, DOC_LINKS)}\n`,
  field: (r) => r.pick([{ field: 'title', value: q(`Edited ${words(r, 2)}`) }, { field: 'description', value: q(prose(r, 1).slice(0, 150)) }, { field: 'order', value: String(r.int(1, 30)) }]),
  paragraph: (r) => (r.chance(0.5) ? section(r, DOC_LINKS) : prose(r, 2)),
  templates: [
    { file: 'templates/pages/DocPage.tsx', a: 'On this page', b: 'In this page' },
    { file: 'templates/pages/NotFoundPage.tsx', a: 'Page not found', b: 'No page here' },
  ],
  components: [],
  strings: [],
  stablePath: '/docs',
};

const i18n: FixtureProfile = {
  fixture: 'i18n-site',
  inputs: [],
  entriesDir: 'content/blog',
  folders: [''],
  heldBack: false,
  aliases: false,
  locales: ['de', 'ar'],
  bulk: [16, 20],
  variant: [],
  entry: (r, n) => frontMatter({ title: q(title(r, n)), description: q(prose(r, 1)), date: q(pastDate(r)) }) + `${prose(r, 2)}\n`,
  field: (r) => r.pick([{ field: 'title', value: q(`Edited ${words(r, 2)}`) }, { field: 'description', value: q(prose(r, 1)) }, { field: 'date', value: q(pastDate(r)) }]),
  paragraph: (r) => prose(r, 2),
  templates: [{ file: 'templates/pages.tsx', a: '<p role="note">', b: '<p role="note" className="untranslated">' }],
  components: [],
  strings: [
    { file: 'content/strings/de.yaml', a: 'blog: "Blog"', b: 'blog: "Tagebuch"' },
    { file: 'content/strings/ar.yaml', a: 'feed: ', b: 'feed: "RSS" #' },
    { file: 'content/strings/en.yaml', a: 'published: "Published"', b: 'published: "Posted"' },
  ],
  stablePath: '/about',
};

/**
 * The images of image-site and outside-site: the files the fixtures name (small: every cold build encodes
 * each at every width up to its own, in three formats), and a few a case names in its entries.
 */
const CASE_IMAGES = ['gen-a.png', 'gen-b.jpg', 'gen-c.png'];
const caseImages = (dir: string): Change[] => [
  drawn(`${dir}/images/gen-a.png`, 96, 64, '#aa3355'),
  drawn(`${dir}/images/gen-b.jpg`, 120, 90, '#33aa55', 'jpeg'),
  drawn(`${dir}/images/gen-c.png`, 48, 48, '#5533aa'),
];
const imageParagraph = (r: Random) => `![${words(r, 2)}](./images/${r.pick(CASE_IMAGES)})`;

const image: FixtureProfile = {
  fixture: 'image-site',
  inputs: [
    drawn('content/images/hero.png', 480, 240, '#2255aa'),
    drawn('content/posts/images/cover.jpg', 360, 360, '#2255aa', 'jpeg'),
    drawn('content/posts/images/chart.png', 400, 200, '#2255aa'),
    ...caseImages('content/posts'),
  ],
  entriesDir: 'content/posts',
  folders: [''],
  heldBack: false,
  aliases: false,
  locales: [],
  bulk: [3, 6],
  variant: [],
  entry: (r, n) => frontMatter({ title: q(title(r, n)), description: q(prose(r, 1)), cover: q(`./images/${r.pick(CASE_IMAGES)}`) }) + `${prose(r, 1)}\n\n${r.chance(0.5) ? imageParagraph(r) : ''}\n`,
  field: (r) => r.pick([{ field: 'title', value: q(`Edited ${words(r, 2)}`) }, { field: 'cover', value: q(`./images/${r.pick(CASE_IMAGES)}`) }]),
  paragraph: (r) => (r.chance(0.5) ? imageParagraph(r) : prose(r, 2)),
  templates: [{ file: 'templates/pages.tsx', a: '<h1>Not found</h1>', b: '<h1>Nothing here</h1>' }],
  components: [],
  strings: [],
  stablePath: '/',
};

const outside: FixtureProfile = {
  fixture: 'outside-site',
  inputs: [
    { kind: 'copy', from: INTER, to: 'templates/fonts/inter-latin-700-normal.woff' },
    drawn('content/images/hero.png', 480, 240, '#2255aa'),
    drawn('content/posts/images/chart.png', 400, 200, '#2255aa'),
    ...caseImages('content/posts'),
  ],
  entriesDir: 'content/posts',
  folders: [''],
  heldBack: false,
  aliases: false,
  locales: [],
  bulk: [3, 6],
  variant: [],
  entry: (r, n) => frontMatter({ title: q(title(r, n)), description: q(prose(r, 1)) }) + `${prose(r, 1)}\n\n${r.chance(0.5) ? imageParagraph(r) : '```ts\nexport const n: number = 1;\n```'}\n`,
  field: (r) => r.pick([{ field: 'title', value: q(`Edited ${words(r, 2)}`) }, { field: 'description', value: q(prose(r, 1)) }]),
  paragraph: (r) => (r.chance(0.5) ? imageParagraph(r) : prose(r, 2)),
  templates: [{ file: 'templates/pages.tsx', a: '<h1>Not found</h1>', b: '<h1>Nothing here</h1>' }],
  components: [],
  strings: [],
  stablePath: '/',
};

export const PROFILES: Record<string, FixtureProfile> = Object.fromEntries([blog, components, docs, i18n, image, outside].map((p) => [p.fixture, p]));
