/**
 * The frame of every page: a skip link, the header with the site's name and navigation, the main
 * landmark the skip link jumps to, and the footer.
 */
import type { ReactNode } from 'react';
import type { SiteRoute } from './routes.ts';
import { useSite } from './SiteContext.ts';

const nav = [
  { href: '/', label: 'Home' },
  { href: '/#articles', label: 'Articles' },
];

export function Layout({ route, children }: { route: SiteRoute; children: ReactNode }) {
  const { site } = useSite().content;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <a className="site-name" href="/">
          {site.name}
        </a>
        <nav aria-label="Main">
          <ul>
            {nav.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={item.href === route.path ? 'page' : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>
          {site.name}: {site.description}
        </p>
      </footer>
    </>
  );
}
