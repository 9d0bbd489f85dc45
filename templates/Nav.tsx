/**
 * Navigation bar: logo, links from site.json, the signed-in part (hidden
 * until the NavSession island finds a stored session) and Add to Chrome. Below the nav
 * breakpoint the links live in a popover side panel: opened by the Menu
 * button, closed by its close button, Escape or a click outside. No JS.
 */
import { ChromeButton } from './components/ChromeButton.tsx';
import { Icon } from './components/Icon.tsx';
import { Island } from 'skerry';
import { useSite } from './SiteContext.ts';

export const navPanelId = 'nav-panel';

/** The nav link to mark as the current page for a page at `path`: its own, or its section's (/blog for /blog/x). */
export function currentNavHref(nav: readonly { href: string }[], path: string): string | undefined {
  return nav.find((l) => path === l.href || path.startsWith(`${l.href}/`))?.href;
}

/** `current`: the href of the link to mark as the current page (currentNavHref), if any. */
export function Nav({ current }: { current: string | undefined }) {
  const { content, asset } = useSite();
  const { site } = content;
  const { labels } = site;
  return (
    <Island as="header" className="site-header" name="NavSession" hydrate="load">
      <nav className="nav container" aria-label={labels.mainNav}>
        <a className="nav-logo" href="/">
          <img src={asset(site.logo)} alt={site.name} width="140" height="32" />
        </a>
        <button type="button" className="nav-toggle" popoverTarget={navPanelId}>
          <Icon name="Menu" />
          <span>{labels.menu}</span>
        </button>
        <div id={navPanelId} className="nav-panel" popover="auto">
          <button type="button" className="nav-close" popoverTarget={navPanelId} popoverTargetAction="hide" aria-label={labels.closeMenu}>
            <Icon name="X" />
          </button>
          <ul className="nav-links">
            {site.nav.map((l) => (
              <li key={l.href}>
                <a href={l.href} aria-current={l.href === current ? 'page' : undefined}>
                  {l.label}
                </a>
              </li>
            ))}
            <li data-session-only="" hidden>
              <a href="/admin">{labels.admin}</a>
            </li>
          </ul>
          <div className="nav-actions">
            <button type="button" className="button button-ghost" data-sign-out="" hidden>
              {labels.signOut}
            </button>
            <ChromeButton />
          </div>
        </div>
      </nav>
    </Island>
  );
}
