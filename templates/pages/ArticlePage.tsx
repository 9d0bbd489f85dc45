import { categoryPath } from '../blogListing.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { Icon } from '../components/Icon.tsx';
import { PostCard } from '../components/PostCard.tsx';
import { PostMeta } from '../components/PostMeta.tsx';
import { Shared } from 'skerry';
import { scrollableTables } from '../format/scrollableTables.ts';
import { LinkCta } from '../sections/LinkCta.tsx';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

export function ArticlePage({ route }: PageProps) {
  const { content } = useSite();
  const labels = content.pages.blog.article;
  const post = route.entry!;
  const related = route.related ?? [];
  return (
    <>
      <article className="article" aria-labelledby="page-title">
        <header className="article-header">
          <div className="container container-narrow">
            <Breadcrumbs crumbs={route.breadcrumbs} />
            <Shared id="article back link">
              <a className="back-link" href="/blog">
                <Icon name="ArrowLeft" />
                {labels.back}
              </a>
            </Shared>
            <p className="post-category">
              <a href={categoryPath(post.category)}>{post.category}</a>
            </p>
            <h1 id="page-title">{post.title}</h1>
            <p className="lead">{post.description}</p>
            <PostMeta post={post} byline={labels.byline} />
          </div>
        </header>
        <div className="container container-narrow">
          <div className="prose" dangerouslySetInnerHTML={{ __html: scrollableTables(post.html) }} />
          <Shared id="article cta">
            <LinkCta id="article-cta-heading" heading={labels.cta.heading} intro={labels.cta.intro} link={labels.cta.link} />
          </Shared>
        </div>
      </article>
      {related.length > 0 && (
        <section className="section section-tint" aria-labelledby="related-heading">
          <div className="container">
            <h2 id="related-heading">{labels.related}</h2>
            <ul className="post-grid post-grid-related" data-related="">
              {related.map((r) => (
                // The same card shows under many articles: rendered once per build.
                <Shared key={r.slug} id={`related ${r.file}`}>
                  <PostCard post={r} headingLevel={3} />
                </Shared>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
