/**
 * The blog's listing pages: /blog and /blog/page/<n> (every article, newest first), and per category
 * /blog/category/<slug> and its /page/<n>, `listing.pageSize` cards a page (content/pages/blog.json).
 * Each page's route carries the cards it shows, its neighbours and the category links, so a page
 * re-renders only when what it shows changes. Pure: content in, routes out.
 */
import { fileForPath, groupBy, paginate, slugify, type Crumb, type Pagination } from 'skerry';
import type { Content, Post } from './collections.ts';
import { fillText } from './format/fillText.ts';
import type { SiteRoute } from './routes.ts';
import { BlogCategory } from './schemas.ts';

export const BLOG_PATH = '/blog';

/** A category's listing: /blog/category/<slug>. */
export const categoryPath = (category: string): string => `${BLOG_PATH}/category/${slugify(category)}`;

export interface CategoryLink {
  name: string;
  path: string;
}

/** One page of a blog listing, as its route carries it. */
export interface BlogListingPage extends Pagination<Post> {
  /** The category this listing shows, with its blurb; none for the listing of every article. */
  category?: CategoryLink & { description: string };
  /** Every category that has articles, in the schema's order: the category links of each listing page. */
  categories: CategoryLink[];
}

export function blogListingRoutes(content: Content, home: Crumb): SiteRoute[] {
  const { posts, site } = content;
  const blog = content.pages.blog;
  const { listing } = blog;
  const groups = groupBy(posts, (p) => p.category);
  const categories = BlogCategory.options.filter((c) => groups.has(c)).map((name) => ({ name, path: categoryPath(name) }));
  const blogCrumb: Crumb = { name: blog.seo.name, path: BLOG_PATH };

  const pagesOf = (items: Post[], category?: BlogListingPage['category']): SiteRoute[] =>
    paginate(items, listing.pageSize, category?.path ?? BLOG_PATH).map((p) => {
      const later = p.page > 1;
      const numbers = { page: p.page, pages: p.pages };
      const name = category ? `${category.name} – ${blog.seo.name}` : blog.seo.name;
      const title = !later && !category ? blog.seo.title : `${name}${later ? ` – ${fillText(listing.pageTitle, numbers)}` : ''} | ${site.name}`;
      const description = category ? category.description : blog.seo.description;
      const trail = [home, blogCrumb, ...(category ? [{ name: category.name, path: category.path }] : [])];
      return {
        path: p.path,
        file: fileForPath(p.path),
        template: 'blog',
        title,
        description: later ? `${description} ${fillText(listing.pageStatus, numbers)}.` : description,
        indexable: true,
        breadcrumbs: later ? [...trail, { name: fillText(listing.pageCrumb, numbers), path: p.path }] : trail,
        ...(p.items[0] ? { lastmod: p.items[0].date } : {}),
        ogType: 'website',
        listing: { ...p, ...(category ? { category } : {}), categories },
      };
    });

  return [
    ...pagesOf(posts),
    ...categories.flatMap((c) => pagesOf(groups.get(c.name)!, { ...c, description: listing.categories[c.name] })),
  ];
}
