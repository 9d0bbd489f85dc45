/** The frame of every page: skip link, navigation, main landmark, footer. */
import type { ReactNode } from 'react';
import type { Route } from '../generator/routes.ts';
import { Footer } from './Footer.tsx';
import { Nav } from './Nav.tsx';

export function Layout({ route, children }: { route: Route; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Nav current={route.path} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </>
  );
}
