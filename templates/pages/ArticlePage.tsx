import { relatedPosts } from '../../generator/routes.ts';
import { Breadcrumbs } from '../components/Breadcrumbs.tsx';
import { formatDate } from '../format/formatDate.ts';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

export function ArticlePage({ route }: PageProps) {
  const { content } = useSite();
  const post = route.post!;
  const related = relatedPosts(post, content.posts);
  return (
    <article className="article">
      <Breadcrumbs crumbs={route.breadcrumbs} />
      <p>
        <a href="/blog">← Back to blog</a>
      </p>
      <header>
        <h1>{post.title}</h1>
        <p className="meta">
          <time dateTime={post.date}>{formatDate(post.date)}</time> · {post.readTime} · {post.author}
        </p>
      </header>
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.html }} />
      <aside aria-labelledby="related-heading">
        <h2 id="related-heading">Related articles</h2>
        <ul>
          {related.map((r) => (
            <li key={r.slug}>
              <a href={`/blog/${r.slug}`}>{r.title}</a>
            </li>
          ))}
        </ul>
      </aside>
      <p>
        <a className="button button-primary" href="/pricing">
          See pricing
        </a>
      </p>
    </article>
  );
}
