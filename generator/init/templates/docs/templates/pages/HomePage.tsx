/** The home page: the site's name and description, then each section with its pages. */
import { sectionOf } from '../collections.ts';
import { docPath } from '../routes.ts';
import { useSite } from '../SiteContext.ts';

export function HomePage() {
  const { site, docs } = useSite().content;
  return (
    <>
      <h1>{site.name}</h1>
      <p className="lead">{site.description}</p>
      {site.sections.map((section) => (
        <section key={section.slug} aria-labelledby={`home-${section.slug}`}>
          <h2 id={`home-${section.slug}`}>{section.title}</h2>
          <ul className="doc-list">
            {docs
              .filter((doc) => sectionOf(doc) === section.slug)
              .map((doc) => (
                <li key={doc.slug}>
                  <a href={docPath(doc)}>{doc.title}</a>: {doc.description}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}
