/** Navigation bar: logo, links from site.json, Add to Chrome. */
import { useSite } from './SiteContext.ts';

export function Nav({ current }: { current: string }) {
  const { content, asset } = useSite();
  const { site } = content;
  return (
    <header className="site-header">
      <nav className="nav" aria-label="Main">
        <a className="nav-logo" href="/">
          <img src={asset(site.logo)} alt={site.name} width="140" height="32" />
        </a>
        <ul className="nav-links">
          {site.nav.map((l) => (
            <li key={l.href}>
              <a href={l.href} aria-current={current === l.href ? 'page' : undefined}>
                {l.label}
              </a>
            </li>
          ))}
        </ul>
        <a className="button button-primary" href={site.chromeStoreUrl}>
          {site.addToChrome}
        </a>
      </nav>
    </header>
  );
}
