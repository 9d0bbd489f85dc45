/**
 * THE route table. Every page of the site is one row here: its path, the
 * file it writes, its template, its head data, whether it is indexable and
 * its breadcrumbs. Sitemap, canonical URLs, breadcrumbs, nav link checks and
 * the feed all read this table. Pure: content in, routes out.
 */
import type { Content, Post } from './content/load.ts';
import type { PageName } from './content/schemas.ts';
import { SiteError } from './errors.ts';
import { fileForPath } from './seo/absoluteUrl.ts';

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

export interface Crumb {
  name: string;
  path: string;
}

export interface Route {
  path: string;
  file: string;
  template: TemplateName;
  title: string;
  description: string;
  indexable: boolean;
  breadcrumbs: Crumb[];
  /** yyyy-MM-dd of the newest content this page shows, when known. */
  lastmod?: string;
  ogType: 'website' | 'article';
  /** The article or legal document the page renders, if any. */
  post?: Post;
  /** For an article: the related articles it links to (same category first, then newest). */
  related?: Post[];
  legal?: 'privacy' | 'terms';
  /** Content files this page reads, for site dev's rebuilds (the build cache records real reads: render/trackReads.ts). */
  sources: string[];
}

const crumbs = (...c: Crumb[]): Crumb[] => [{ name: 'Home', path: '/' }, ...c];

/** The newest-first list split by category (keeping the order). */
export function byCategory(posts: Post[]): Map<string, Post[]> {
  const lists = new Map<string, Post[]>();
  for (const p of posts) (lists.get(p.category) ?? lists.set(p.category, []).get(p.category)!).push(p);
  return lists;
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

/** Does a change to this content file (relative to content/) change this route's HTML? */
export function routeReads(route: Pick<Route, 'sources'>, file: string): boolean {
  return route.sources.some((s) => s === file || (s.endsWith('/') && file.startsWith(s)));
}

export function buildRoutes(content: Content): Route[] {
  const { pages, posts, legal, site } = content;
  const page = (
    name: PageName,
    path: string,
    template: TemplateName,
    extra: Partial<Route> = {},
  ): Route => ({
    path,
    file: fileForPath(path),
    template,
    title: pages[name].seo.title,
    description: pages[name].seo.description,
    indexable: true,
    breadcrumbs: path === '/' ? [] : crumbs({ name: pages[name].seo.name, path }),
    ogType: 'website',
    sources: [...shared, `pages/${name}.json`],
    ...extra,
  });
  const postsByCategory = byCategory(posts);
  const newest = posts[0]?.date;
  // Files every page reads (the layout's nav, footer and widget labels).
  const shared = ['site.json', 'widgets.json'];

  const routes: Route[] = [
    // Home and enterprise carry the plans in their structured data; the AI overview lists them.
    page('home', '/', 'home', { sources: [...shared, 'pages/home.json', 'pages/pricing.json'] }),
    page('enterprise', '/enterprise', 'enterprise', { sources: [...shared, 'pages/enterprise.json', 'pages/pricing.json'] }),
    page('pricing', '/pricing', 'pricing'),
    page('use-cases', '/use-cases', 'use-cases'),
    page('ai-overview', '/ai-overview', 'ai-overview', { sources: [...shared, 'pages/ai-overview.json', 'pages/pricing.json'] }),
    page('blog', '/blog', 'blog', { lastmod: newest, sources: [...shared, 'pages/blog.json', 'blog/'] }),
    ...posts.map<Route>((post) => ({
      path: `/blog/${post.slug}`,
      file: fileForPath(`/blog/${post.slug}`),
      template: 'article',
      title: `${post.title} | ${site.name} Blog`,
      description: post.description,
      indexable: true,
      breadcrumbs: crumbs({ name: 'Blog', path: '/blog' }, { name: post.title, path: `/blog/${post.slug}` }),
      lastmod: post.date,
      ogType: 'article',
      post,
      related: relatedPosts(post, posts, 3, postsByCategory),
      // Any article may become related (a new date or category), so every article reads them all.
      sources: [...shared, 'pages/blog.json', 'blog/'],
    })),
    ...(['privacy', 'terms'] as const).map<Route>((name) => ({
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
      sources: [...shared, legal[name].file],
    })),
    page('waitlist', '/waitlist', 'waitlist'),
    page('auth', '/auth', 'auth', { indexable: false, breadcrumbs: [] }),
    page('admin', '/admin', 'admin', { indexable: false, breadcrumbs: [] }),
    { ...page('not-found', '/404', 'not-found'), file: '404.html', indexable: false, breadcrumbs: [] },
  ];
  assertDistinctFiles(routes);
  return routes;
}

export function assertDistinctFiles(routes: Pick<Route, 'path' | 'file'>[]): void {
  const byFile = new Map<string, string>();
  for (const r of routes) {
    const key = r.file.toLowerCase();
    const other = byFile.get(key);
    if (other) throw new SiteError('RouteFileCollision', { file: r.file, routes: [other, r.path] });
    byFile.set(key, r.path);
  }
}
