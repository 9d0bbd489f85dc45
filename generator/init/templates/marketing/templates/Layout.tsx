/**
 * The frame of every page: a skip link, the header with the site's name and a link to the sign-up
 * form, the main landmark the skip link jumps to, and the footer with the contact address and the
 * privacy page.
 */
import type { ReactNode } from 'react';
import type { SiteRoute } from './routes.ts';
import { useSite } from './SiteContext.ts';

export function Layout({ children }: { route: SiteRoute; children: ReactNode }) {
  const { site, home } = useSite().content;
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <a className="site-name" href="/">
          {site.name}
        </a>
        <a className="button" href="/#signup">
          {home.hero.cta}
        </a>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>
          {site.name} · <a href={`mailto:${site.email}`}>{site.email}</a> · <a href="/privacy">Privacy</a>
        </p>
      </footer>
    </>
  );
}
