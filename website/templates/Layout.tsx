/**
 * The frame of every page: a skip link, the header with the site's name and the search box (the Search
 * island: it loads when a reader first uses it), the sidebar, the main landmark and the footer.
 */
import type { ReactNode } from 'react';
import { Island } from 'skerry';
import type { SiteRoute } from './routes.ts';
import { Sidebar } from './Sidebar.tsx';
import { useSite } from './SiteContext.ts';

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
        <Island name="Search" hydrate="interaction" className="search">
          <form role="search" aria-label="The docs">
            <label htmlFor="search-query">Search</label>
            <input id="search-query" type="search" name="q" autoComplete="off" placeholder="Search the docs" />
            <ul className="search-results" data-search-results="" aria-live="polite" />
          </form>
        </Island>
      </header>
      <div className="docs">
        <Sidebar current={route.path} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <footer className="site-footer">
        <p>{site.description}</p>
      </footer>
    </>
  );
}
