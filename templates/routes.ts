/**
 * The site's route table: every page is one row here, with its path, file,
 * template, head data, whether it is indexable and its breadcrumbs. Sitemap,
 * canonical URLs, breadcrumbs, nav link checks and the feed all read it.
 * Pure: content in, routes out (site.config.ts hands it to the engine, which
 * checks that no two routes write one file).
 */
import { fileForPath, groupBy, type Crumb, type Route } from 'skerry';
import { blogListingRoutes, type BlogListingPage } from './blogListing.ts';
import type { Content, LegalName, Post } from './collections.ts';
import type { PageName } from './schemas.ts';

export type TemplateName =
  | 'home'
  | 'enterprise'
  | 'pricing'
  | 'blog'
  | 'article'
  | 'use-cases'
  | 'ai-overview'
  | 'legal'
  | 'waitlist'
  | 'auth'
  | 'admin'
  | 'not-found';

export interface SiteRoute extends Route<Post> {
  template: TemplateName;
  /** For an article: the related articles it links to (same category first, then newest). */
  related?: Post[];
  /** The legal document the page renders. */
  legal?: LegalName;
  /** A blog listing page (every article, or a category's): its cards, neighbours and category links. */
  listing?: BlogListingPage;
}

const home: Crumb = { name: 'Home', path: '/' };
const crumbs = (...c: Crumb[]): Crumb[] => [home, ...c];

/** The newest-first list split by category (keeping the order). */
export function byCategory(posts: Post[]): Map<string, Post[]> {
  return groupBy(posts, (p) => p.category);
}

/**
 * Related articles: same category first, then newest; never the article itself. The route table splits
 * the list by category once and passes it in (`lists`): a blog of thousands of posts stays linear.
 */
export function relatedPosts(post: Post, posts: Post[], limit = 3, lists = byCategory(posts)): Post[] {
  const out: Post[] = [];
  for (const p of lists.get(post.category) ?? []) {
    if (out.length >= limit) return out;
    if (p.slug !== post.slug) out.push(p);
  }
  for (const p of posts) {
    if (out.length >= limit) return out;
    if (p.category !== post.category) out.push(p);
  }
  return out;
}

export function buildRoutes(content: Content): SiteRoute[] {
  const { pages, posts, legal, site } = content;
  const page = (name: PageName, path: string, template: TemplateName, extra: Partial<SiteRoute> = {}): SiteRoute => ({
    path,
    file: fileForPath(path),
    template,
    title: pages[name].seo.title,
    description: pages[name].seo.description,
    indexable: true,
    breadcrumbs: path === '/' ? [] : crumbs({ name: pages[name].seo.name, path }),
    ogType: 'website',
    ...extra,
  });
  const postsByCategory = byCategory(posts);

  return [
    page('home', '/', 'home'),
    page('enterprise', '/enterprise', 'enterprise'),
    page('pricing', '/pricing', 'pricing'),
    page('use-cases', '/use-cases', 'use-cases'),
    page('ai-overview', '/ai-overview', 'ai-overview'),
    ...blogListingRoutes(content, home),
    ...posts.map<SiteRoute>((post) => ({
      path: `/blog/${post.slug}`,
      file: fileForPath(`/blog/${post.slug}`),
      template: 'article',
      title: `${post.title} | ${site.name} Blog`,
      description: post.description,
      indexable: true,
      breadcrumbs: crumbs({ name: 'Blog', path: '/blog' }, { name: post.title, path: `/blog/${post.slug}` }),
      lastmod: post.date,
      ogType: 'article',
      article: { publishedTime: post.date, section: post.category },
      // Its own social image: the title under its category, in the site's colours (templates/social/SocialCard.tsx).
      socialImage: { title: post.title, eyebrow: post.category },
      entry: post,
      related: relatedPosts(post, posts, 3, postsByCategory),
      ...(post.aliases ? { aliases: post.aliases } : {}),
    })),
    ...(['privacy', 'terms'] as const).map<SiteRoute>((name) => ({
      path: `/${name}`,
      file: fileForPath(`/${name}`),
      template: 'legal',
      title: `${legal[name].title} | ${site.name}`,
      description: legal[name].description,
      indexable: true,
      breadcrumbs: crumbs({ name: legal[name].title, path: `/${name}` }),
      lastmod: legal[name].effective,
      ogType: 'website',
      legal: name,
    })),
    page('waitlist', '/waitlist', 'waitlist'),
    page('auth', '/auth', 'auth', { indexable: false, breadcrumbs: [] }),
    page('admin', '/admin', 'admin', { indexable: false, breadcrumbs: [] }),
    { ...page('not-found', '/404', 'not-found'), file: '404.html', indexable: false, breadcrumbs: [] },
  ];
}
