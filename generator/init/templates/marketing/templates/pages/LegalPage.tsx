/** A page of markdown (the privacy page): its title and its body, rendered by the engine. */
import { useSite } from '../SiteContext.ts';

export function LegalPage() {
  const { privacy } = useSite().content;
  return (
    <article aria-labelledby="legal-title">
      <h1 id="legal-title">{privacy.title}</h1>
      <div className="prose" dangerouslySetInnerHTML={{ __html: privacy.html }} />
    </article>
  );
}
