/** One page of the docs: its breadcrumb trail, title, body (markdown rendered by the engine), and the pages before and after it. */
import { docPath, type SiteRoute } from '../routes.ts';
import { useSite } from '../SiteContext.ts';

export function DocPage({ route }: { route: SiteRoute }) {
  const doc = route.entry!;
  const { docs } = useSite().content;
  const at = docs.findIndex((d) => d.slug === doc.slug);
  const [previous, next] = [docs[at - 1], docs[at + 1]];
  return (
    <article aria-labelledby="doc-title">
      <nav aria-label="Breadcrumb" className="breadcrumbs">
        <ol>
          {route.breadcrumbs.map((crumb, i) => (
            <li key={crumb.path}>
              {i < route.breadcrumbs.length - 1 ? <a href={crumb.path}>{crumb.name}</a> : <span aria-current="page">{crumb.name}</span>}
            </li>
          ))}
        </ol>
      </nav>
      <h1 id="doc-title">{doc.title}</h1>
      <p className="lead">{doc.description}</p>
      <div className="prose" dangerouslySetInnerHTML={{ __html: doc.html }} />
      <nav className="pager" aria-label="Pages">
        {previous && (
          <a href={docPath(previous)} rel="prev">
            Previous: {previous.title}
          </a>
        )}
        {next && (
          <a href={docPath(next)} rel="next">
            Next: {next.title}
          </a>
        )}
      </nav>
    </article>
  );
}
