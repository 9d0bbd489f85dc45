/**
 * The frame of every page: skip link, navigation, main landmark, footer, contact dialog, cookie banner,
 * toaster. The navigation (one version per current link) and everything after <main> are the same on
 * many pages: rendered once per build (<Shared>).
 */
import type { ReactNode } from 'react';
import type { SiteRoute as Route } from './routes.ts';
import { Footer } from './Footer.tsx';
import { currentNavHref, Nav } from './Nav.tsx';
import { Shared } from 'skerry';
import { ContactDialog } from './sections/ContactDialog.tsx';
import { CookieBanner } from './sections/CookieBanner.tsx';
import { useSite } from './SiteContext.ts';

export function Layout({ route, children }: { route: Route; children: ReactNode }) {
  const { site, widgets } = useSite().content;
  const { labels } = site;
  const current = currentNavHref(site.nav, route.path);
  return (
    <>
      <a className="skip-link" href="#main">
        {labels.skipLink}
      </a>
      <Shared id={`nav ${current ?? ''}`}>
        <Nav current={current} />
      </Shared>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Shared id="footer">
        <Footer />
        <ContactDialog />
        <CookieBanner />
        <section id="toaster" className="toaster" aria-label={widgets.toaster.label} />
      </Shared>
    </>
  );
}
