/** The docs' navigation: the home page, then each section's guides, the current page marked. */
import { guidePath } from './routes.ts';
import { sections } from './nav.ts';
import { useSite } from './SiteContext.ts';

export function Sidebar({ current }: { current: string }) {
  const { site, guides } = useSite().content;
  const mark = (path: string) => (path === current ? 'page' : undefined);
  return (
    <nav className="sidebar" aria-label="Docs">
      <ul>
        <li>
          <a href="/" aria-current={mark('/')}>
            Overview
          </a>
        </li>
      </ul>
      {sections(guides.map((g) => g.slug)).map((section) => (
        <div key={section.title}>
          <h2>{section.title}</h2>
          <ul>
            {section.guides.map((guide) => (
              <li key={guide.slug}>
                <a href={guidePath(guide.slug)} aria-current={mark(guidePath(guide.slug))}>
                  {guide.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="source">
        <a href={site.repository}>Source on GitHub</a>
      </p>
    </nav>
  );
}
