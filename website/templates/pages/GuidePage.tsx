/** One guide of docs/: its text (its own first heading is the page's), and the headings to jump to. */
import type { SiteRoute } from '../routes.ts';

export function GuidePage({ route }: { route: SiteRoute }) {
  const entry = route.entry!;
  const sections = entry.headings.filter((h) => h.depth === 2);
  return (
    <article>
      {sections.length > 1 && (
        <details className="toc">
          <summary>On this page</summary>
          <ul>
            {sections.map((h) => (
              <li key={h.id}>
                <a href={`#${h.id}`}>{h.text}</a>
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="prose" dangerouslySetInnerHTML={{ __html: entry.html }} />
    </article>
  );
}
