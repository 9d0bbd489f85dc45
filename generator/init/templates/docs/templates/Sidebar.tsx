/** The docs' navigation: each section's pages, in order, the current one marked. */
import { sectionOf } from './collections.ts';
import { docPath } from './routes.ts';
import { useSite } from './SiteContext.ts';

export function Sidebar({ current }: { current: string }) {
  const { site, docs } = useSite().content;
  return (
    <nav className="sidebar" aria-label="Docs">
      {site.sections.map((section) => (
        <div key={section.slug}>
          <h2>{section.title}</h2>
          <ul>
            {docs
              .filter((doc) => sectionOf(doc) === section.slug)
              .map((doc) => (
                <li key={doc.slug}>
                  <a href={docPath(doc)} aria-current={docPath(doc) === current ? 'page' : undefined}>
                    {doc.title}
                  </a>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
