/**
 * The site's route table: every page of the spec exactly once (plus the blog's category pages), the right
 * ones hidden from search, no two writing one file; the blog's listing pages and their titles, canonical
 * paths and breadcrumbs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SiteError } from '../../../generator/core/errors.ts';
import { assertDistinctFiles } from '../../../generator/routes.ts';
import type { Content } from '../../../templates/collections.ts';
import { buildRoutes, relatedPosts, type SiteRoute as Route } from '../../../templates/routes.ts';
import { fakePost, realContent } from '../helpers/content.ts';
import { categoryPath } from '../../../templates/blogListing.ts';

const slugs = [
  'brand-kit-limitations',
  'ai-trust-presentations',
  'matik-vs-decksmith',
  'best-ai-slide-generators-2025',
  'gamma-vs-google-slides',
  'slidesgpt-alternative',
  'canva-vs-google-slides',
];
const specPaths = [
  '/',
  '/auth',
  '/admin',
  '/privacy',
  '/terms',
  '/enterprise',
  '/ai-overview',
  '/pricing',
  '/blog',
  '/blog/category/opinion',
  '/blog/category/comparisons',
  '/blog/category/tools',
  ...slugs.map((s) => `/blog/${s}`),
  '/use-cases',
  '/waitlist',
];

let content: Content;
let routes: Route[];
beforeAll(async () => {
  content = await realContent();
  routes = buildRoutes(content);
});
const byPathIn = (rs: Route[], p: string) => rs.find((r) => r.path === p)!;
const byPath = (p: string) => byPathIn(routes, p);

describe('buildRoutes', () => {
  it('has every spec route exactly once, plus the 404 page and nothing else', () => {
    const pages = routes.filter((r) => r.file !== '404.html').map((r) => r.path);
    expect([...pages].sort()).toEqual([...specPaths].sort());
    expect(routes.filter((r) => r.file === '404.html')).toHaveLength(1);
    expect(routes).toHaveLength(specPaths.length + 1);
  });

  it('writes clean-URL files, one per route', () => {
    expect(byPath('/').file).toBe('index.html');
    expect(byPath('/pricing').file).toBe('pricing.html');
    expect(byPath('/blog').file).toBe('blog.html');
    expect(byPath('/blog/matik-vs-decksmith').file).toBe('blog/matik-vs-decksmith.html');
    expect(new Set(routes.map((r) => r.file)).size).toBe(routes.length);
  });

  it('hides exactly /auth, /admin and the 404 page from search', () => {
    expect(routes.filter((r) => !r.indexable).map((r) => r.file).sort()).toEqual(['404.html', 'admin.html', 'auth.html']);
  });

  it('gives each route a title and description from content', () => {
    for (const r of routes) {
      expect(r.title.trim(), r.path).not.toBe('');
      expect(r.description.trim(), r.path).not.toBe('');
    }
    expect(byPath('/pricing').title).toBe(content.pages.pricing.seo.title);
    const post = content.posts.find((p) => p.slug === 'gamma-vs-google-slides')!;
    expect(byPath('/blog/gamma-vs-google-slides')).toMatchObject({
      template: 'article',
      title: `${post.title} | ${content.site.name} Blog`,
      description: post.description,
      ogType: 'article',
      lastmod: post.date,
      article: { publishedTime: post.date, section: post.category },
      entry: post,
    });
  });

  it('gives articles breadcrumbs Home > Blog > article', () => {
    const r = byPath('/blog/canva-vs-google-slides');
    expect(r.breadcrumbs).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Blog', path: '/blog' },
      { name: r.entry!.title, path: '/blog/canva-vs-google-slides' },
    ]);
    expect(byPath('/').breadcrumbs).toEqual([]);
    expect(byPath('/pricing').breadcrumbs.map((c) => c.path)).toEqual(['/', '/pricing']);
  });

  it('dates the blog index by its newest article and legal pages by their effective date', () => {
    const newest = [...content.posts.map((p) => p.date)].sort().at(-1);
    expect(byPath('/blog').lastmod).toBe(newest);
    expect(byPath('/privacy').lastmod).toBe(content.legal.privacy.effective);
    expect(byPath('/terms')).toMatchObject({ template: 'legal', legal: 'terms' });
  });

  it('orders articles newest first', () => {
    const dates = routes.filter((r) => r.entry).map((r) => r.entry!.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("gives an article route the old paths of its front matter's aliases, and no aliases field without them", () => {
    const moved = { ...content, posts: content.posts.map((p, i) => (i === 0 ? { ...p, aliases: ['/old-post', '/2019/old/'] } : p)) };
    const table = buildRoutes(moved);
    expect(table.find((r) => r.path === `/blog/${content.posts[0]!.slug}`)!.aliases).toEqual(['/old-post', '/2019/old/']);
    expect(table.filter((r) => 'aliases' in r)).toHaveLength(1);
    expect(routes.filter((r) => 'aliases' in r)).toEqual([]);
  });

  it('gives an article whose slug writes the same file as another route to the engine, which refuses it', () => {
    const clash = { ...content, posts: [...content.posts, { ...content.posts[0]!, slug: content.posts[1]!.slug.toUpperCase() }] };
    expect(() => assertDistinctFiles(buildRoutes(clash))).toThrow(SiteError);
  });
});

describe('blog listing pages', () => {
  const categories = ['Opinion', 'Comparisons', 'Tools'] as const;
  /** The real content with `count` articles, newest first, in turn Opinion, Comparisons, Tools, and `size` cards a page. */
  const manyPosts = (count: number, size: number): Content => ({
    ...content,
    posts: Array.from({ length: count }, (_, i) =>
      fakePost(`post-${String(i).padStart(3, '0')}`, { category: categories[i % 3], date: `2025-${String(12 - Math.floor(i / 28)).padStart(2, '0')}-${String(28 - (i % 28)).padStart(2, '0')}` }),
    ),
    pages: { ...content.pages, blog: { ...content.pages.blog, listing: { ...content.pages.blog.listing, pageSize: size } } },
  });
  const listings = (rs: Route[]) => rs.filter((r) => r.listing);

  it('keeps the real blog on one page of all 7 articles, with one page per category and no page 2', () => {
    const blog = byPath('/blog');
    expect(blog).toMatchObject({ template: 'blog', title: content.pages.blog.seo.title, description: content.pages.blog.seo.description });
    expect(blog.listing!.items).toEqual(content.posts);
    expect(blog.listing).toMatchObject({ page: 1, pages: 1, path: '/blog' });
    expect(blog.listing!.previous ?? blog.listing!.next).toBeUndefined();
    expect(routes.some((r) => r.path.includes('/page/'))).toBe(false);
    expect(listings(routes).map((r) => r.path)).toEqual(['/blog', '/blog/category/opinion', '/blog/category/comparisons', '/blog/category/tools']);
    expect(blog.listing!.categories).toEqual(categories.map((name) => ({ name, path: `/blog/category/${name.toLowerCase()}` })));
  });

  it('gives each category page its articles, title, description, breadcrumbs and newest date', () => {
    const tools = byPath('/blog/category/tools');
    const posts = content.posts.filter((p) => p.category === 'Tools');
    expect(tools).toMatchObject({
      template: 'blog',
      file: 'blog/category/tools.html',
      title: 'Tools – Blog | Decksmith',
      description: content.pages.blog.listing.categories.Tools,
      indexable: true,
      lastmod: posts[0]!.date,
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: 'Blog', path: '/blog' },
        { name: 'Tools', path: '/blog/category/tools' },
      ],
    });
    expect(tools.listing!.items).toEqual(posts);
    expect(tools.listing!.category).toEqual({ name: 'Tools', path: '/blog/category/tools', description: content.pages.blog.listing.categories.Tools });
    expect(categoryPath('Comparisons')).toBe('/blog/category/comparisons');
  });

  it('splits a big blog into pages of the content\'s page size, linked in order, each with its own title, description and breadcrumbs', () => {
    const rs = buildRoutes(manyPosts(50, 10));
    const blog = listings(rs).filter((r) => !r.listing!.category);
    expect(blog.map((r) => r.path)).toEqual(['/blog', '/blog/page/2', '/blog/page/3', '/blog/page/4', '/blog/page/5']);
    expect(blog.map((r) => r.file)).toEqual(['blog.html', 'blog/page/2.html', 'blog/page/3.html', 'blog/page/4.html', 'blog/page/5.html']);
    const second = blog[1]!;
    expect(second).toMatchObject({
      title: 'Blog – page 2 | Decksmith',
      description: `${content.pages.blog.seo.description} Page 2 of 5.`,
      indexable: true,
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: 'Blog', path: '/blog' },
        { name: 'Page 2', path: '/blog/page/2' },
      ],
      listing: { page: 2, pages: 5, previous: '/blog', next: '/blog/page/3' },
    });
    expect(second.lastmod).toBe(second.listing!.items[0]!.date);
    expect(blog.flatMap((r) => r.listing!.items)).toEqual(rs.filter((r) => r.entry).map((r) => r.entry));
    expect(blog.every((r) => r.listing!.items.length <= 10)).toBe(true);
    expect(new Set(rs.map((r) => r.title)).size).toBe(rs.length);
    expect(new Set(rs.map((r) => r.description)).size).toBe(rs.length);
    expect(() => assertDistinctFiles(rs)).not.toThrow();
  });

  it('paginates each category the same way: /blog/category/<slug>/page/<n>, breadcrumbs Home > Blog > category > page', () => {
    const rs = buildRoutes(manyPosts(50, 10));
    const tools = listings(rs).filter((r) => r.listing!.category?.name === 'Tools');
    expect(tools.map((r) => r.path)).toEqual(['/blog/category/tools', '/blog/category/tools/page/2']);
    expect(tools[1]).toMatchObject({
      file: 'blog/category/tools/page/2.html',
      title: 'Tools – Blog – page 2 | Decksmith',
      description: `${content.pages.blog.listing.categories.Tools} Page 2 of 2.`,
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: 'Blog', path: '/blog' },
        { name: 'Tools', path: '/blog/category/tools' },
        { name: 'Page 2', path: '/blog/category/tools/page/2' },
      ],
      listing: { page: 2, pages: 2, previous: '/blog/category/tools' },
    });
    expect(tools.flatMap((r) => r.listing!.items).map((p) => p.category)).toEqual(Array(16).fill('Tools'));
  });

  it('lists only the categories that have articles', () => {
    const rs = buildRoutes({ ...content, posts: content.posts.filter((p) => p.category !== 'Opinion') });
    expect(listings(rs).map((r) => r.path)).toEqual(['/blog', '/blog/category/comparisons', '/blog/category/tools']);
    expect(byPathIn(rs, '/blog').listing!.categories.map((c) => c.name)).toEqual(['Comparisons', 'Tools']);
  });
});

describe('assertDistinctFiles', () => {
  it('accepts distinct files', () => {
    expect(() => assertDistinctFiles([{ path: '/a', file: 'a.html' }, { path: '/b', file: 'b.html' }])).not.toThrow();
  });

  it.each([
    [{ path: '/blog', file: 'blog.html' }, { path: '/blog/', file: 'blog.html' }],
    [{ path: '/About', file: 'About.html' }, { path: '/about', file: 'about.html' }],
  ])('throws RouteFileCollision for %j and %j', (a, b) => {
    let error: unknown;
    try {
      assertDistinctFiles([{ path: '/', file: 'index.html' }, a, b]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SiteError);
    const e = error as SiteError<'RouteFileCollision'>;
    expect(e.code).toBe('RouteFileCollision');
    expect(e.args.routes).toEqual([a.path, b.path]);
    expect(e.message).toContain(`${a.path} and ${b.path}`);
    expect(e.hint).toMatch(/distinct/);
  });
});

describe('relatedPosts', () => {
  it('returns at most 3 articles and never the current one, for every real article', () => {
    for (const post of content.posts) {
      const related = relatedPosts(post, content.posts);
      expect(related.length, post.slug).toBeLessThanOrEqual(3);
      expect(related.length, post.slug).toBe(Math.min(3, content.posts.length - 1));
      expect(related.map((p) => p.slug), post.slug).not.toContain(post.slug);
      expect(new Set(related.map((p) => p.slug)).size).toBe(related.length);
    }
  });

  it('prefers the same category, then the newest', () => {
    const posts = [
      fakePost('new-tools', { category: 'Tools', date: '2025-10-30' }),
      fakePost('new-opinion', { category: 'Opinion', date: '2025-10-29' }),
      fakePost('mid-opinion', { category: 'Opinion', date: '2025-10-20' }),
      fakePost('old-tools', { category: 'Tools', date: '2025-10-10' }),
      fakePost('current', { category: 'Opinion', date: '2025-10-05' }),
      fakePost('oldest-opinion', { category: 'Opinion', date: '2025-10-01' }),
    ];
    expect(relatedPosts(posts[4]!, posts).map((p) => p.slug)).toEqual(['new-opinion', 'mid-opinion', 'oldest-opinion']);
    expect(relatedPosts(posts[0]!, posts).map((p) => p.slug)).toEqual(['old-tools', 'new-opinion', 'mid-opinion']);
  });

  it('honours a smaller limit and copes with a lone article', () => {
    const posts = [fakePost('a'), fakePost('b'), fakePost('c')];
    expect(relatedPosts(posts[0]!, posts, 1).map((p) => p.slug)).toEqual(['b']);
    expect(relatedPosts(posts[0]!, [posts[0]!])).toEqual([]);
  });
});
