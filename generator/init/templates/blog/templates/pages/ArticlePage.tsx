/**
 * One article: its breadcrumb trail, title, date and body (markdown rendered by the engine), and a
 * link to itself that the CopyLink island turns into a copy button.
 */
import { Island } from 'skerry';
import type { SiteRoute } from '../routes.ts';

export function ArticlePage({ route }: { route: SiteRoute }) {
  const article = route.entry!;
  return (
    <article aria-labelledby="article-title">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          {route.breadcrumbs.map((crumb, i) => (
            <li key={crumb.path}>
              {i < route.breadcrumbs.length - 1 ? <a href={crumb.path}>{crumb.name}</a> : <span aria-current="page">{crumb.name}</span>}
            </li>
          ))}
        </ol>
      </nav>
      <h1 id="article-title">{article.title}</h1>
      <p className="meta">
        <time dateTime={article.date}>{article.date}</time>
      </p>
      <div className="prose" dangerouslySetInnerHTML={{ __html: article.html }} />
      <Island name="CopyLink" hydrate="visible" props={{ copied: 'Link copied' }} className="copy-link">
        <a href={route.path} data-copy-link="">
          Link to this article
        </a>{' '}
        <span role="status" data-copy-status="" />
      </Island>
    </article>
  );
}
