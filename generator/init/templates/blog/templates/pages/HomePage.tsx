/** The home page: the site's name and description, then every article, newest first. */
import { useSite } from '../SiteContext.ts';

export function HomePage() {
  const { site, articles } = useSite().content;
  return (
    <>
      <h1>{site.name}</h1>
      <p className="lead">{site.description}</p>
      <section id="articles" aria-labelledby="articles-heading">
        <h2 id="articles-heading">Articles</h2>
        <ul className="article-list">
          {articles.map((article) => (
            <li key={article.slug}>
              <h3>
                <a href={`/articles/${article.slug}`}>{article.title}</a>
              </h3>
              <p>
                <time dateTime={article.date}>{article.date}</time>
              </p>
              <p>{article.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
