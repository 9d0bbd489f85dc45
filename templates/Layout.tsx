/** The frame of every page: skip link, navigation, main landmark, footer, contact dialog, cookie banner, toaster. */
import type { ReactNode } from 'react';
import type { Route } from '../generator/routes.ts';
import { Footer } from './Footer.tsx';
import { Nav } from './Nav.tsx';
import { ContactDialog } from './sections/ContactDialog.tsx';
import { CookieBanner } from './sections/CookieBanner.tsx';
import { useSite } from './SiteContext.ts';

export function Layout({ route, children }: { route: Route; children: ReactNode }) {
  const { site, widgets } = useSite().content;
  const { labels } = site;
  return (
    <>
      <a className="skip-link" href="#main">
        {labels.skipLink}
      </a>
      <Nav current={route.path} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <ContactDialog />
      <CookieBanner />
      <section id="toaster" className="toaster" aria-label={widgets.toaster.label} />
    </>
  );
}
