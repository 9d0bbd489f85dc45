import { BLOG_PATH, type BlogListingPage } from '../blogListing.ts';
import { useSite } from '../SiteContext.ts';

/** Links to every article and to each category's listing; the one this page belongs to is marked. */
export function CategoryLinks({ listing, path }: { listing: BlogListingPage; path: string }) {
  const labels = useSite().content.pages.blog.listing;
  const links = [{ name: labels.allLabel, path: BLOG_PATH }, ...listing.categories];
  const current = listing.category?.path ?? BLOG_PATH;
  return (
    <nav className="category-links" aria-label={labels.categoriesLabel}>
      <ul>
        {links.map((c) => (
          <li key={c.path}>
            <a href={c.path} aria-current={c.path === path ? 'page' : c.path === current ? 'true' : undefined}>
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
