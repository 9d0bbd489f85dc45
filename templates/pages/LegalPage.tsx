import { formatDate } from '../format/formatDate.ts';
import { useSite } from '../SiteContext.ts';
import type { PageProps } from './PageProps.ts';

export function LegalPage({ route }: PageProps) {
  const doc = useSite().content.legal[route.legal!];
  return (
    <article className="article legal">
      <header>
        <h1>{doc.title}</h1>
        <p className="meta">
          Effective <time dateTime={doc.effective}>{formatDate(doc.effective)}</time>
        </p>
      </header>
      <div className="prose" dangerouslySetInnerHTML={{ __html: doc.html }} />
    </article>
  );
}
