import { formatDate } from '../format/formatDate.ts';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

export function LegalPage({ route }: PageProps) {
  const { legal, site } = useSite().content;
  const doc = legal[route.legal!];
  return (
    <article className="article legal" aria-labelledby="page-title">
      <header className="article-header">
        <div className="container container-narrow">
          <h1 id="page-title">{doc.title}</h1>
          <p className="lead">{doc.description}</p>
          <p className="meta">
            {site.labels.effective} <time dateTime={doc.effective}>{formatDate(doc.effective)}</time>
          </p>
        </div>
      </header>
      <div className="container container-narrow">
        <div className="prose" dangerouslySetInnerHTML={{ __html: doc.html }} />
      </div>
    </article>
  );
}
