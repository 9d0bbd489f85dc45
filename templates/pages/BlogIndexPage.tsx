import { PostCard } from '../components/PostCard.tsx';
import { BlogSearch } from '../sections/BlogSearch.tsx';
import { LinkCta } from '../sections/LinkCta.tsx';
import { PageHero } from '../sections/PageHero.tsx';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

export function BlogIndexPage(_: PageProps) {
  const { content } = useSite();
  const page = content.pages.blog;
  return (
    <>
      <PageHero eyebrow={page.hero.eyebrow} heading={page.hero.heading} lead={page.hero.lead}>
        <BlogSearch />
      </PageHero>
      <div className="section section-plain section-flush-top">
        <div className="container">
          {/* The blog search's matches (widgets/islands/BlogSearch.ts) take the cards' place while there is a query. */}
          <ul className="post-grid" data-search-results="" aria-label={page.search.results} hidden />
          <button type="button" className="button button-secondary search-more" data-search-more="" hidden>
            {page.search.more}
          </button>
          <ul className="post-grid" data-blog-cards="">
            {content.posts.map((p) => (
              <PostCard key={p.slug} post={p} />
            ))}
          </ul>
          <p className="blog-empty" data-blog-empty="" hidden>
            {page.search.empty}
          </p>
          <LinkCta id="blog-cta-heading" heading={page.cta.heading} intro={page.cta.intro} link={page.cta.link} />
        </div>
      </div>
    </>
  );
}
