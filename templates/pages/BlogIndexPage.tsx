import { formatDate } from '../format/formatDate.ts';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

export function BlogIndexPage(_: PageProps) {
  const { content } = useSite();
  const page = content.pages.blog as { seo: { name: string }; heading?: string; intro?: string };
  return (
    <section className="section">
      <h1>{page.heading ?? page.seo.name}</h1>
      {page.intro && <p>{page.intro}</p>}
      <ul className="card-grid" data-blog-cards="">
        {content.posts.map((p) => (
          <li key={p.slug} className="card">
            <article>
              <p className="meta">
                <time dateTime={p.date}>{formatDate(p.date)}</time> · {p.readTime}
              </p>
              <h2>
                <a href={`/blog/${p.slug}`}>{p.title}</a>
              </h2>
              <p>{p.description}</p>
            </article>
          </li>
        ))}
      </ul>
      <p>
        <a className="button button-primary" href="/pricing">
          See pricing
        </a>
      </p>
    </section>
  );
}
