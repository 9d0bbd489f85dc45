import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { CategoryLinks } from '../components/CategoryLinks.tsx';
import { Pagination } from '../components/Pagination.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { BlogSearch } from '../sections/BlogSearch.tsx';
import { LinkCta } from '../sections/LinkCta.tsx';
import { PageHero } from '../sections/PageHero.tsx';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

/**
 * A page of a blog listing: /blog (with the search form), its later pages, and each category's pages.
 * The cards are the route's own (templates/blogListing.ts), so the page reads no other article.
 */
export function BlogIndexPage({ route }: PageProps) {
  const { content } = useSite();
  const page = content.pages.blog;
  const listing = route.listing!;
  const { category } = listing;
  const front = !category && listing.page === 1;
  return (
    <>
      <PageHero
        top={front ? undefined : <Breadcrumbs crumbs={route.breadcrumbs} />}
        eyebrow={page.hero.eyebrow}
        heading={category ? category.name : page.hero.heading}
        lead={category ? category.description : page.hero.lead}
      >
        {front && <BlogSearch />}
        <CategoryLinks listing={listing} path={route.path} />
      </PageHero>
      <div className="section section-plain section-flush-top">
        <div className="container">
          {/* The blog search's matches (widgets/islands/BlogSearch.ts) take the cards' place while there is a query. */}
          <ul className="post-grid" data-search-results="" aria-label={page.search.results} hidden />
          <button type="button" className="button button-secondary search-more" data-search-more="" hidden>
            {page.search.more}
          </button>
          <ul className="post-grid" data-blog-cards="">
            {listing.items.map((p) => (
              <PostCard key={p.slug} post={p} />
            ))}
          </ul>
          {front && (
            <p className="blog-empty" data-blog-empty="" hidden>
              {page.search.empty}
            </p>
          )}
          <Pagination listing={listing} />
          <LinkCta id="blog-cta-heading" heading={page.cta.heading} intro={page.cta.intro} link={page.cta.link} />
        </div>
      </div>
    </>
  );
}
