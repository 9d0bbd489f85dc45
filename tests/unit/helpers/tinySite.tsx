/**
 * The smallest site that has every kind of collection and page the engine's unit tests look at, written
 * by the test into a temporary folder: site.json and nav.json (file collections), pages/*.json and
 * legal/*.md (record collections), blog/*.md (a list collection); a home page, two pages of their own
 * (/pricing, /about), a blog index, its articles (each with related articles, a date and a category), the
 * two legal pages, a page hidden from search engines (/account) and the 404. The layout's navigation
 * (with its logo, a static file) and footer are <Shared>.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReactNode } from 'react';
import * as z from 'zod';
import { loadContent, type ContentSnapshot } from '../../../generator/content/load.ts';
import { markdownRenderer } from '../../../generator/content/markdownRenderer.ts';
import { breadcrumbList, collection, defineConfig, fileForPath, Shared, useSite, type ContentOf, type Entry, type Route } from '../../../generator/site/api.ts';

export const SITE_URL = 'https://tiny.example';

const Page = z.strictObject({ title: z.string(), description: z.string(), heading: z.string() });
const Legal = z.strictObject({ title: z.string(), description: z.string() });
const PostMeta = z.strictObject({ title: z.string(), description: z.string(), date: z.string(), category: z.string() });

export const collections = {
  site: collection.file('site.json', z.strictObject({ name: z.string(), url: z.string(), logo: z.string(), tagline: z.string() })),
  nav: collection.file('nav.json', z.strictObject({ links: z.array(z.strictObject({ label: z.string(), path: z.string() })) })),
  pages: collection.record('pages', 'json', { home: Page, pricing: Page, about: Page, blog: Page }),
  legal: collection.record('legal', 'markdown', { privacy: Legal, terms: Legal }),
  posts: collection.list('blog', PostMeta, { sort: (a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug) }),
};
export type Content = ContentOf<typeof collections>;
export type Post = Entry<z.infer<typeof PostMeta>>;
export interface TinyRoute extends Route<Post> {
  /** An article's related articles: same category first, then the others, newest first. */
  related?: Post[];
  /** The blog index: every article. */
  listing?: { items: Post[] };
  /** The legal document the page shows. */
  legal?: 'privacy' | 'terms';
}

const home = { name: 'Home', path: '/' };
const related = (post: Post, posts: Post[]): Post[] =>
  [...posts.filter((p) => p.category === post.category), ...posts.filter((p) => p.category !== post.category)].filter((p) => p !== post).slice(0, 2);

/** The route table: pure, content in, routes out. */
export function buildRoutes({ site, pages, legal, posts }: Content): TinyRoute[] {
  const page = (p: string, template: string, title: string, description: string, extra: Partial<TinyRoute> = {}): TinyRoute => ({
    path: p,
    file: fileForPath(p),
    template,
    title,
    description,
    indexable: true,
    breadcrumbs: p === '/' ? [] : [home, { name: title, path: p }],
    ogType: 'website',
    ...extra,
  });
  return [
    page('/', 'page', `${site.name}: ${site.tagline}`, pages.home.description),
    page('/pricing', 'page', `${pages.pricing.title} | ${site.name}`, pages.pricing.description),
    page('/about', 'page', `${pages.about.title} | ${site.name}`, pages.about.description),
    page('/blog', 'blog', `Blog | ${site.name}`, `Articles from ${site.name}.`, { listing: { items: posts }, lastmod: posts[0]?.date }),
    ...posts.map((post) =>
      page(`/blog/${post.slug}`, 'article', `${post.title} | ${site.name}`, post.description, {
        ogType: 'article',
        entry: post,
        related: related(post, posts),
        lastmod: post.date,
        article: { publishedTime: post.date, section: post.category },
        socialImage: { title: post.title, eyebrow: post.category },
      }),
    ),
    page('/terms', 'legal', `${legal.terms.title} | ${site.name}`, legal.terms.description, { legal: 'terms' }),
    page('/privacy', 'legal', `${legal.privacy.title} | ${site.name}`, legal.privacy.description, { legal: 'privacy' }),
    page('/account', 'page', `Account | ${site.name}`, 'Your account.', { indexable: false }),
    { ...page('/404', 'page', `Not found | ${site.name}`, 'There is no page here.'), file: '404.html', indexable: false },
  ];
}

const tiny = () => useSite<Content, TinyRoute>();

function Nav() {
  const { content, asset } = tiny();
  return (
    <nav aria-label="Main">
      <a href="/">
        <img src={asset(content.site.logo)} alt={content.site.name} width="120" height="30" />
      </a>
      {content.nav.links.map((l) => (
        <a key={l.path} href={l.path}>
          {l.label}
        </a>
      ))}
    </nav>
  );
}

function Footer() {
  const { content } = tiny();
  return (
    <footer>
      <p>{content.site.tagline}</p>
      <a href="/privacy">{content.legal.privacy.title}</a>
    </footer>
  );
}

function Layout({ children }: { route: TinyRoute; children: ReactNode }) {
  return (
    <>
      <Shared id="nav">
        <Nav />
      </Shared>
      <main id="main">{children}</main>
      <Shared id="footer">
        <Footer />
      </Shared>
    </>
  );
}

function PageTemplate({ route }: { route: TinyRoute }) {
  const { content } = tiny();
  const own = route.path === '/pricing' ? content.pages.pricing : route.path === '/about' ? content.pages.about : content.pages.home;
  return <h1>{route.path === '/' || route.path === '/pricing' || route.path === '/about' ? own.heading : route.title}</h1>;
}

function BlogTemplate({ route }: { route: TinyRoute }) {
  const { content } = tiny();
  return (
    <>
      <h1>{content.pages.blog.heading}</h1>
      <ul>
        {route.listing!.items.map((p) => (
          <li key={p.slug}>
            <a href={`/blog/${p.slug}`}>{p.title}</a>
          </li>
        ))}
      </ul>
    </>
  );
}

function LegalTemplate({ route }: { route: TinyRoute }) {
  const doc = tiny().content.legal[route.legal!];
  return (
    <article>
      <h1>{doc.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: doc.html }} />
    </article>
  );
}

function ArticleTemplate({ route }: { route: TinyRoute }) {
  const post = route.entry!;
  return (
    <article>
      <h1>{post.title}</h1>
      <div dangerouslySetInnerHTML={{ __html: post.html }} />
      {route.related!.map((p) => (
        <a key={p.slug} href={`/blog/${p.slug}`}>
          {p.title}
        </a>
      ))}
    </article>
  );
}

export const site = defineConfig<typeof collections, TinyRoute>({
  collections,
  meta: ({ site: s }: Content) => ({ name: s.name, url: s.url, language: 'en', socialImage: 'og-image.png', feed: { title: `${s.name} Blog`, path: '/feed.xml' } }),
  routes: buildRoutes,
  templates: { page: PageTemplate, blog: BlogTemplate, article: ArticleTemplate, legal: LegalTemplate },
  layout: Layout,
  jsonLd: (route, { url, asset, socialImage }) => {
    const trail = breadcrumbList(route, url);
    const post = route.entry;
    return [
      { '@context': 'https://schema.org' as const, '@type': 'WebPage' as const, name: route.title, url: url(route.path) },
      ...(post
        ? [{ '@context': 'https://schema.org' as const, '@type': 'BlogPosting' as const, headline: post.title, datePublished: post.date, image: url(socialImage ?? asset('og-image.png')), url: url(route.path) }]
        : []),
      ...(trail ? [trail] : []),
    ];
  },
});

const page = (title: string, description: string, heading: string) => JSON.stringify({ title, description, heading });
const article = (title: string, date: string, category: string, body: string) =>
  `---\ntitle: ${title}\ndescription: About ${title.toLowerCase()}.\ndate: "${date}"\ncategory: ${category}\n---\n\n${body}\n`;

/** The site's content files, by path under the content folder. */
export const CONTENT_FILES: Record<string, string> = {
  'site.json': JSON.stringify({ name: 'Tiny', url: SITE_URL, logo: 'logo.svg', tagline: 'A small site' }),
  'nav.json': JSON.stringify({ links: [{ label: 'Pricing', path: '/pricing' }, { label: 'Blog', path: '/blog' }] }),
  'pages/home.json': page('Home', 'The home page of Tiny.', 'Welcome'),
  'pages/pricing.json': page('Pricing', 'What Tiny costs.', 'Prices'),
  'pages/about.json': page('About', 'Who makes Tiny.', 'About us'),
  'pages/blog.json': page('Blog', 'Articles from Tiny.', 'The blog'),
  'legal/privacy.md': '---\ntitle: Privacy\ndescription: What Tiny keeps.\n---\n\nNothing.\n',
  'legal/terms.md': '---\ntitle: Terms\ndescription: The rules of Tiny.\n---\n\nBe kind.\n',
  'blog/first-steps.md': article('First steps', '2025-01-10', 'Guides', '## Start\n\nOpen the app.'),
  'blog/going-further.md': article('Going further', '2025-02-20', 'Guides', '## More\n\nKeep going.'),
  'blog/why-tiny.md': article('Why tiny', '2025-03-30', 'Opinion', '## Small\n\nSmall is fine.'),
  'blog/fewer-pages.md': article('Fewer pages', '2025-04-15', 'Opinion', '## Less\n\nLess to read.'),
  'blog/one-more-tip.md': article('One more tip', '2025-05-05', 'Tools', '## Tip\n\nSave often.'),
};

/** Writes the content folder into `dir` (made if missing) and returns it. */
export function writeTinyContent(dir: string): string {
  for (const [file, text] of Object.entries(CONTENT_FILES)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** Writes the site's static files (templates/static/: its logo and default social image) into `dir` and returns it. */
export function writeTinyStatic(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="30"/>\n');
  writeFileSync(path.join(dir, 'og-image.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  return dir;
}

let dir: string | undefined;

/** The content folder, written once per test file into a fresh temporary folder (read-only: copy it to change it). */
export function tinyContentDir(): string {
  dir ??= writeTinyContent(path.join(mkdtempSync(path.join(os.tmpdir(), 'site-tiny-')), 'content'));
  return dir;
}

let cached: Promise<ContentSnapshot> | undefined;

/** The content as the engine holds it, loaded once per test file (read-only). */
export function tinySnapshot(): Promise<ContentSnapshot> {
  cached ??= markdownRenderer(site.markdown).then((render) => loadContent(tinyContentDir(), site.collections, render));
  return cached;
}

/** The content as templates see it (read-only: copy before changing anything). */
export async function tinyContent(): Promise<Content> {
  return (await tinySnapshot()).collections as Content;
}

/** A post with only the fields routes and SEO read. */
export function fakePost(slug: string, overrides: Partial<Post> = {}): Post {
  return {
    slug,
    file: `blog/${slug}.md`,
    hash: `hash-of-${slug}`,
    title: `Title of ${slug}`,
    description: `Description of ${slug}`,
    date: '2025-10-01',
    category: 'Guides',
    html: '<p>Body</p>',
    headings: [],
    words: 1,
    ...overrides,
  };
}
